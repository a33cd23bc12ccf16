import { Form, Input } from '@arco-design/web-react';
import type { GroupRow } from '@exam/contracts';
import { EditDialog } from '@exam/ui';
import { useGroupSaveMutation } from './groupApi';

/** New group (group = null) or renaming one. */
export function GroupDialog({
  group,
  onClose,
  onSaved,
}: {
  group: GroupRow | null | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [save] = useGroupSaveMutation();
  return (
    <EditDialog<{ groupName: string }>
      title={group ? '修改用户组' : '新增用户组'}
      visible={group !== undefined}
      initial={{ groupName: group?.groupName ?? '' }}
      onSave={({ groupName }) => save({ id: group?.id, groupName }).unwrap()}
      success="保存成功！"
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        label="名称"
        field="groupName"
        rules={[{ required: true, message: '用户组名称不能为空！' }, { maxLength: 64 }]}
      >
        <Input />
      </Form.Item>
    </EditDialog>
  );
}
