import { useState } from 'react';
import { Button, Form, Input, Radio } from '@arco-design/web-react';
import { CourseOpenType as OpenType } from '@exam/contracts';
import { UserPickerDialog } from '../dialogs/UserPickerDialog';
import { DeptTreeSelect } from '../selectors/DeptTreeSelect';

const Item = Form.Item;

export interface AccessFieldsProps {
  /** What is opened (课程, 考试): named in the password's label and messages. */
  noun: string;
  /** The open types with the titles the page gives them. */
  openTypes: { label: string; value: number }[];
  /** The people of 指定人员 (picked in the user picker, kept beside the form). */
  userIds: string[];
  onUserIds: (ids: string[]) => void;
}

/**
 * Who may open a course or an exam (one dictionary, open_type): everyone, the departments chosen, the people
 * picked, or whoever has the password. Fields of the form around it: openType, deptCodes, password.
 */
export function AccessFields({ noun, openTypes, userIds, onUserIds }: AccessFieldsProps) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Item label="开放类型" field="openType">
        <Radio.Group options={openTypes} />
      </Item>
      <Item shouldUpdate noStyle>
        {(v) => (
          <>
            {v.openType === OpenType.DEPART && (
              <Item label="指定部门" field="deptCodes" rules={[{ required: true, message: '请选择指定部门！' }]}>
                <DeptTreeSelect multiple treeCheckable />
              </Item>
            )}
            {v.openType === OpenType.PERSON && (
              <Item label="指定人员">
                <Button onClick={() => setPicking(true)}>选择人员（已选{userIds.length}人）</Button>
              </Item>
            )}
            {v.openType === OpenType.PASSWORD && (
              <Item
                label={`${noun}密码`}
                field="password"
                rules={[{ required: true, message: `请设置${noun}密码！` }, { maxLength: 64 }]}
              >
                <Input.Password placeholder={`请输入${noun}密码`} style={{ width: 240 }} />
              </Item>
            )}
          </>
        )}
      </Item>
      <UserPickerDialog
        visible={picking}
        onCancel={() => setPicking(false)}
        onOk={(users) => {
          onUserIds([...new Set([...userIds, ...users.map((u) => u.id)])]);
          setPicking(false);
        }}
      />
    </>
  );
}
