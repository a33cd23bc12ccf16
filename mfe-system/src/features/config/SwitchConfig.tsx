import { useEffect, useState } from 'react';
import { Button, Divider, Form, Message, Radio, Switch } from '@arco-design/web-react';
import { isPendingModule, type SwitchConfig as Switches } from '@exam/contracts';
import { fetchSite, useAppDispatch } from '@exam/store';
import { DeptTreeSelect, validateForm } from '@exam/ui';
import { useConfigSwitchesQuery, useConfigSwitchSaveMutation } from './configApi';

const MODULES: [keyof Switches, string][] = [
  ['moduleCourse', '课程学习'],
  ['moduleExam', '在线考试'],
  ['moduleBattle', '答题竞赛'],
  ['moduleCert', '证书管理'],
];
const LOGINS: [keyof Switches, string][] = [
  ['mobileLogin', '手机号登录'],
  ['wechatLogin', '微信登录'],
  ['faceLogin', '人脸登录'],
  ['cropLogin', '企业微信登录'],
  ['dingLogin', '钉钉登录'],
];
type Options = { label: string; value: number | string }[];
const DEPT_TYPES: Options = [
  { label: '用户选择', value: 0 },
  { label: '固定部门', value: 1 },
];
const LOGIN_TICKS: Options = [
  { label: '允许同时登录', value: 0 },
  { label: '踢出之前的登录', value: 1 },
];
const FACE_AUDITS: Options = [
  { label: '无需审核', value: 'no' },
  { label: '人工审核', value: 'manual' },
  { label: '人工+自动审核', value: 'auto' },
];
const choice = (field: keyof Switches, label: string, options: Options) => (
  <Form.Item label={label} field={field}>
    <Radio.Group options={options} />
  </Form.Item>
);

/** Feature switches (spec admin §3 "Switch config") and the module switches of the learner menus. */
export function SwitchConfig() {
  const [form] = Form.useForm<Switches>();
  const [busy, setBusy] = useState(false);
  const dispatch = useAppDispatch();
  // Read afresh each time the page opens; the form takes the values when they arrive.
  const { data: saved } = useConfigSwitchesQuery({}, { refetchOnMountOrArgChange: true });
  const [saveSwitches] = useConfigSwitchSaveMutation();
  useEffect(() => {
    if (saved) form.setFieldsValue(saved);
  }, [saved, form]);

  const save = async () => {
    if (!saved) return; // the form still shows defaults, not the stored switches
    const v = await validateForm(form);
    setBusy(true);
    try {
      await saveSwitches({ ...v, userDeptCode: v.userDeptCode ?? '' }).unwrap();
      Message.success({ content: '功能开关配置成功！', duration: 2000 });
      void dispatch(fetchSite());
    } finally {
      setBusy(false);
    }
  };

  const toggle = ([field, label]: [keyof Switches, string]) => {
    // A module not built yet stays off and says so (the server refuses it too).
    const pending = isPendingModule(field);
    return (
      <Form.Item
        key={field}
        label={label}
        field={field}
        triggerPropName="checked"
        extra={pending ? '暂未开放' : undefined}
      >
        {/* The prop only when locked: Arco lets any `disabled` prop, even false, override the form's. */}
        <Switch {...(pending && { disabled: true })} />
      </Form.Item>
    );
  };

  return (
    // Disabled until the stored switches arrive: they replace the fields, so a switch turned before
    // would silently turn back and be saved so.
    <Form form={form} disabled={!saved} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} style={{ maxWidth: 800 }}>
      <Divider orientation="left">功能模块</Divider>
      {MODULES.map(toggle)}
      <Divider orientation="left">注册与登录</Divider>
      {toggle(['userReg', '开放注册'])}
      {toggle(['userAudit', '注册审核'])}
      {choice('userDeptType', '注册部门', DEPT_TYPES)}
      <Form.Item shouldUpdate noStyle>
        {(values: Switches) =>
          values.userDeptType === 1 && (
            <Form.Item label="默认部门" field="userDeptCode" rules={[{ required: true, message: '部门不能为空！' }]}>
              <DeptTreeSelect />
            </Form.Item>
          )
        }
      </Form.Item>
      {LOGINS.map(toggle)}
      {choice('loginTick', '多端登录', LOGIN_TICKS)}
      <Divider orientation="left">实名认证</Divider>
      {toggle(['realPerson', '实名认证'])}
      {choice('faceAudit', '认证审核', FACE_AUDITS)}
      <Form.Item wrapperCol={{ offset: 5 }}>
        <Button type="primary" loading={busy} onClick={() => void save().catch(() => undefined)}>
          保存配置
        </Button>
      </Form.Item>
    </Form>
  );
}
