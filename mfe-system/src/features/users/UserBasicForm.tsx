import { DatePicker, Form, Input, Select } from '@arco-design/web-react';
import { selectSite, useAppSelector } from '@exam/store';
import { DeptTreeSelect, ImageUpload, RoleSelect, DAY_END_TIME } from '@exam/ui';
import { arcoRule, userFieldChecks } from '@exam/validators';

/** 基本信息 tab of the user dialog (fields of the EditDialog's form): the spec §5 rules, the same ones the server applies. */
export function UserBasicForm({ creating }: { creating: boolean }) {
  const faceLogin = useAppSelector(selectSite)?.props?.faceLogin;
  const check = userFieldChecks(creating);
  return (
    <>
      <Form.Item label="账号" field="userName" required rules={[{ validator: arcoRule(check.userName) }]}>
        <Input placeholder="4-32位数字英文下划线组合" autoComplete="off" />
      </Form.Item>
      <Form.Item label="姓名" field="realName" required rules={[{ validator: arcoRule(check.realName) }]}>
        <Input placeholder="请输入姓名" />
      </Form.Item>
      <Form.Item
        label="密码"
        field="password"
        required={creating}
        rules={[{ validator: arcoRule(check.password) }]}
        extra={creating ? undefined : '留空则不修改密码'}
      >
        <Input.Password autoComplete="new-password" placeholder="请输入密码" />
      </Form.Item>
      <Form.Item label="部门" field="deptCode" required rules={[{ validator: arcoRule(check.deptCode) }]}>
        <DeptTreeSelect />
      </Form.Item>
      <Form.Item label="角色" field="roles" required rules={[{ validator: arcoRule(check.roles) }]}>
        <RoleSelect />
      </Form.Item>
      <Form.Item label="手机号" field="mobile" rules={[{ validator: arcoRule(check.mobile) }]}>
        <Input />
      </Form.Item>
      <Form.Item label="邮箱" field="email">
        <Input />
      </Form.Item>
      <Form.Item label="身份证号" field="idCard" rules={[{ validator: arcoRule(check.idCard) }]}>
        <Input />
      </Form.Item>
      <Form.Item label="过期时间" field="expireTime" extra="留空则永不过期">
        <DatePicker showTime={DAY_END_TIME} format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="状态" field="state" initialValue={0}>
        <Select
          options={[
            { value: 0, label: '正常' },
            { value: 1, label: '禁用' },
            { value: 2, label: '待审核' },
          ]}
        />
      </Form.Item>
      <Form.Item label="头像" field="avatar">
        <ImageUpload compress={3000} />
      </Form.Item>
      {faceLogin && (
        <Form.Item label="人脸照片" field="face">
          <ImageUpload compress={3000} />
        </Form.Item>
      )}
    </>
  );
}
