import { useState } from 'react';
import { Button, Input } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import type { DepartNode } from '@exam/contracts';
import { confirmDelete, PageContainer, Permission, runAndSay } from '@exam/ui';
import { EditTree } from '../../common/EditTree';
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

/** Departments (route SysDepart): tree with filter, create, rename, delete and move up/down (refreshed through its tag). */
export default function SysDepart() {
  const { data: tree = [] } = useDepartTreeQuery({});
  const [removeDepart] = useDepartRemoveMutation();
  const [sortDepart] = useDepartSortMutation();
  const [text, setText] = useState('');
  const [edit, setEdit] = useState<DepartEdit>();

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
      <EditTree
        nodes={shape(tree, text.trim())}
        viewKey={`${text}-${tree.length}`}
        code={(n) => n.deptCode}
        permission="sys:depart"
        onAdd={(n) => setEdit({ parentId: n.id, parentName: n.deptName })}
        onEdit={(n) => setEdit({ id: n.id, parentId: n.parentId, parentName: '', deptName: n.deptName })}
        onMove={(n, sort) => void runAndSay(() => sortDepart({ id: n.id, sort }).unwrap(), '操作成功！')}
        onRemove={(n) =>
          void confirmDelete(() => removeDepart({ ids: [n.id] }).unwrap(), `确实要删除部门【${n.deptName}】吗?`)
        }
        style={{ maxWidth: 720 }}
      />
      <DepartDialog edit={edit} onClose={() => setEdit(undefined)} />
    </PageContainer>
  );
}
