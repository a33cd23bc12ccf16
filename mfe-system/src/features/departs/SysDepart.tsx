import { useState } from 'react';
import { Button, Empty, Input, Message, Space, Tree } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete, IconEdit, IconPlus } from '@arco-design/web-react/icon';
import type { DepartNode } from '@exam/contracts';
import { confirmAction, PageContainer, Permission } from '@exam/ui';
import { useDepartRemoveMutation, useDepartSortMutation, useDepartTreeQuery } from './departApi';
import { DepartDialog, type DepartEdit } from './DepartDialog';

type Shown = DepartNode & { title: string; children?: Shown[] };

/** Keeps matches and the branches leading to them. */
function shape(nodes: DepartNode[], text: string): Shown[] {
  return nodes.flatMap((n) => {
    const kids = shape(n.children ?? [], text);
    if (text && !n.deptName.includes(text) && !kids.length) return [];
    return [{ ...n, title: n.deptName, children: kids.length ? kids : undefined }];
  });
}
const keysOf = (nodes: Shown[]): string[] => nodes.flatMap((n) => [n.id, ...keysOf(n.children ?? [])]);

/** Departments (route SysDepart): tree with filter, create, rename, delete and move up/down. */
export default function SysDepart() {
  const { data: tree = [] } = useDepartTreeQuery({});
  const [removeDepart] = useDepartRemoveMutation();
  const [sortDepart] = useDepartSortMutation();
  const [text, setText] = useState('');
  const [edit, setEdit] = useState<DepartEdit>();
  const shown = shape(tree, text.trim());

  /** Runs a write; on success says so (the tree refreshes through its tag; failures were already shown by the client). */
  const act = async (run: () => Promise<unknown>, ok: string) => {
    if (
      await run().then(
        () => true,
        () => false,
      )
    )
      Message.success(ok);
  };
  const remove = async (n: Shown) => {
    if (!(await confirmAction({ content: `确实要删除部门【${n.deptName}】吗?` }))) return;
    await act(() => removeDepart({ ids: [n.id] }).unwrap(), '删除成功!');
  };
  const move = (n: Shown, sort: 0 | 1) => act(() => sortDepart({ id: n.id, sort }).unwrap(), '操作成功！');

  const extra = (n: Shown) => (
    <Space size={0} style={{ position: 'absolute', right: 8 }}>
      <Permission codes={['sys:depart:add']}>
        <Button
          size="mini"
          type="text"
          icon={<IconPlus />}
          title="新增下级"
          onClick={() => setEdit({ parentId: n.id, parentName: n.deptName })}
        />
      </Permission>
      <Permission codes={['sys:depart:update']}>
        <Button
          size="mini"
          type="text"
          icon={<IconEdit />}
          title="修改"
          onClick={() => setEdit({ id: n.id, parentId: n.parentId, parentName: '', deptName: n.deptName })}
        />
        <Button size="mini" type="text" icon={<IconArrowUp />} title="上移" onClick={() => void move(n, 0)} />
        <Button size="mini" type="text" icon={<IconArrowDown />} title="下移" onClick={() => void move(n, 1)} />
      </Permission>
      <Permission codes={['sys:depart:delete']}>
        <Button
          size="mini"
          type="text"
          status="danger"
          icon={<IconDelete />}
          title="删除"
          onClick={() => void remove(n)}
        />
      </Permission>
    </Space>
  );

  return (
    <PageContainer
      title="部门管理"
      extra={
        <Permission codes={['sys:depart:add']}>
          <Button type="primary" icon={<IconPlus />} onClick={() => setEdit({ parentId: '0', parentName: '' })}>
            新增
          </Button>
        </Permission>
      }
    >
      <Input.Search
        allowClear
        placeholder="输入部门名称过滤"
        value={text}
        onChange={setText}
        style={{ width: 320, marginBottom: 12 }}
      />
      {shown.length === 0 ? (
        <Empty description="暂无相关数据！" />
      ) : (
        <Tree
          key={`${text}-${tree.length}`}
          blockNode
          defaultExpandedKeys={keysOf(shown)}
          treeData={shown}
          fieldNames={{ key: 'id', title: 'title', children: 'children' }}
          renderTitle={(props) => (
            <span>
              {props.title as string}{' '}
              <span style={{ color: 'var(--color-text-3)' }}>({(props.dataRef as Shown).deptCode})</span>
            </span>
          )}
          renderExtra={(props) => extra(props.dataRef as Shown)}
          style={{ maxWidth: 720 }}
        />
      )}
      <DepartDialog edit={edit} onClose={() => setEdit(undefined)} />
    </PageContainer>
  );
}
