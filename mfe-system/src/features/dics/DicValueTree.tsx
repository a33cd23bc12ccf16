import { useState } from 'react';
import { Button, Empty, Input, Message, Space, Tree } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconPlus } from '@arco-design/web-react/icon';
import type { DicRow, DicValueNode } from '@exam/contracts';
import { confirmAction, filterTree, Permission } from '@exam/ui';
import { DicValueDialog, type DicValueEdit } from './DicValueDialog';
import { useDicValueRemoveMutation, useDicValueTreeQuery } from './dicApi';

type Shown = DicValueNode & { children?: Shown[] };
const keysOf = (nodes: Shown[]): string[] => nodes.flatMap((n) => [n.id, ...keysOf(n.children ?? [])]);

/** A dictionary's value tree with a keyword filter (spec admin §2), add, edit and delete. */
export function DicValueTree({ dic }: { dic: DicRow }) {
  const { data: tree = [] } = useDicValueTreeQuery({ dicCode: dic.code });
  const [removeValue] = useDicValueRemoveMutation();
  const [text, setText] = useState('');
  const [edit, setEdit] = useState<DicValueEdit>();
  const shown = filterTree(tree, text.trim());

  const remove = async (v: Shown) => {
    if (!(await confirmAction({ content: '确实要删除吗?' }))) return;
    if (
      await removeValue({ ids: [v.id] })
        .unwrap()
        .then(
          () => true,
          () => false,
        )
    )
      Message.success('删除成功!');
  };
  const extra = (v: Shown) => (
    <Space size={0} style={{ position: 'absolute', right: 8 }}>
      <Permission codes={['sys:dic:add']}>
        <Button
          size="mini"
          type="text"
          icon={<IconPlus />}
          title="新增下级"
          onClick={() => setEdit({ dicCode: dic.code, parentId: v.id, parentTitle: v.title })}
        />
      </Permission>
      <Permission codes={['sys:dic:update']}>
        <Button
          size="mini"
          type="text"
          icon={<IconEdit />}
          title="修改"
          onClick={() => setEdit({ ...v, parentTitle: '' })}
        />
      </Permission>
      <Permission codes={['sys:dic:delete']}>
        <Button
          size="mini"
          type="text"
          status="danger"
          icon={<IconDelete />}
          title="删除"
          onClick={() => void remove(v)}
        />
      </Permission>
    </Space>
  );

  return (
    <div>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder="输入关键字过滤" value={text} onChange={setText} style={{ width: 240 }} />
        <Permission codes={['sys:dic:add']}>
          <Button
            type="primary"
            icon={<IconPlus />}
            onClick={() => setEdit({ dicCode: dic.code, parentId: '0', parentTitle: '' })}
          >
            新增
          </Button>
        </Permission>
      </Space>
      {shown.length === 0 ? (
        <Empty description="暂无相关数据！" />
      ) : (
        <Tree
          key={`${dic.code}-${text}-${tree.length}`}
          blockNode
          defaultExpandedKeys={keysOf(shown)}
          treeData={shown}
          fieldNames={{ key: 'id', title: 'title', children: 'children' }}
          renderTitle={(p) => (
            <span>
              {p.title as string} <span style={{ color: 'var(--color-text-3)' }}>({(p.dataRef as Shown).value})</span>
            </span>
          )}
          renderExtra={(p) => extra(p.dataRef as Shown)}
        />
      )}
      <DicValueDialog edit={edit} onClose={() => setEdit(undefined)} />
    </div>
  );
}
