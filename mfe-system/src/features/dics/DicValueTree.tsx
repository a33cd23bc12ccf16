import { useState } from 'react';
import { Button, Input, Space } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import type { DicRow } from '@exam/contracts';
import { confirmDelete, filterTree, Permission } from '@exam/ui';
import { EditTree } from '../../common/EditTree';
import { DicValueDialog, type DicValueEdit } from './DicValueDialog';
import { useDicValueRemoveMutation, useDicValueTreeQuery } from './dicApi';

/** A dictionary's value tree with a keyword filter (spec admin §2), add, edit and delete. */
export function DicValueTree({ dic }: { dic: DicRow }) {
  const { data: tree = [] } = useDicValueTreeQuery({ dicCode: dic.code });
  const [removeValue] = useDicValueRemoveMutation();
  const [text, setText] = useState('');
  const [edit, setEdit] = useState<DicValueEdit>();

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
      <EditTree
        nodes={filterTree(tree, text.trim())}
        viewKey={`${dic.code}-${text}-${tree.length}`}
        code={(v) => v.value}
        permission="sys:dic"
        onAdd={(v) => setEdit({ dicCode: dic.code, parentId: v.id, parentTitle: v.title })}
        onEdit={(v) => setEdit({ ...v, parentTitle: '' })}
        onRemove={(v) => void confirmDelete(() => removeValue({ ids: [v.id] }).unwrap())}
      />
      <DicValueDialog edit={edit} onClose={() => setEdit(undefined)} />
    </div>
  );
}
