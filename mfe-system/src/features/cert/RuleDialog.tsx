import { Form, Input, InputNumber, Radio, Switch } from '@arco-design/web-react';
import { CertSource, type CertRuleRow, type CertRuleSaveReq } from '@exam/contracts';
import { CourseSelect, EditDialog, ExamSelect } from '@exam/ui';
import { useCertRuleSaveMutation } from './certApi';

type Source = { value: string; label: string };
type Values = Omit<CertRuleSaveReq, 'id' | 'tmplId' | 'sourceId' | 'sourceType'> & {
  sourceType: string;
  source?: Source;
};

const SOURCE_TYPES = [
  { value: CertSource.EXAM, label: '考试通过' },
  { value: CertSource.COURSE, label: '课程完成' },
];
const NEW_RULE: Partial<Values> = {
  sourceType: CertSource.EXAM,
  validMonths: 0,
  numPrefix: '',
  numYear: true,
  numDigits: 6,
  enabled: true,
};

/** How the rule's numbers look, e.g. AQ-2026000001. */
export const numberExample = (r: Partial<Pick<Values, 'numPrefix' | 'numYear' | 'numDigits'>>) =>
  `${r.numPrefix ?? ''}${r.numYear ? new Date().getFullYear() : ''}${'1'.padStart(r.numDigits ?? 1, '0')}`;

export interface RuleDialogProps {
  tmplId: string;
  /** A rule to edit, `null` for a new one, undefined closed. */
  rule?: CertRuleRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** A grant rule: the template goes to whoever passes the exam or finishes the course, once each. */
export function RuleDialog({ tmplId, rule, onClose, onSaved }: RuleDialogProps) {
  const [save] = useCertRuleSaveMutation();
  const [form] = Form.useForm<Values>();
  const sourceType = Form.useWatch('sourceType', form) ?? CertSource.EXAM;
  const shown = Form.useWatch(['numPrefix', 'numYear', 'numDigits'], form) as Values | undefined;
  const initial: Partial<Values> | undefined = rule
    ? { ...rule, source: { value: rule.sourceId, label: rule.sourceTitle } }
    : NEW_RULE;
  const SourceSelect = sourceType === CertSource.COURSE ? CourseSelect : ExamSelect;
  return (
    <EditDialog<Values>
      title={rule ? '修改发放规则' : '新增发放规则'}
      visible={rule !== undefined}
      form={form}
      cols={[6, 17]}
      style={{ width: 620 }}
      initial={initial}
      onSave={({ source, ...v }) =>
        save({
          ...v,
          id: rule?.id,
          tmplId,
          sourceType: v.sourceType as CertRuleSaveReq['sourceType'],
          sourceId: source!.value,
        }).unwrap()
      }
      success="发放规则保存成功！"
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        label="证书名称"
        field="title"
        rules={[{ required: true, message: '请输入证书名称！' }, { maxLength: 100 }]}
      >
        <Input placeholder="如 安全生产合格证书" />
      </Form.Item>
      <Form.Item label="发放条件" field="sourceType">
        <Radio.Group type="button" options={SOURCE_TYPES} onChange={() => form.setFieldValue('source', undefined)} />
      </Form.Item>
      <Form.Item
        label={sourceType === CertSource.COURSE ? '课程' : '考试'}
        field="source"
        rules={[{ required: true, message: sourceType === CertSource.COURSE ? '请选择课程！' : '请选择考试！' }]}
      >
        <SourceSelect key={sourceType} single labelInValue />
      </Form.Item>
      <Form.Item label="有效期（月）" field="validMonths" extra="0 为长期有效">
        <InputNumber min={0} max={1200} precision={0} />
      </Form.Item>
      <Form.Item label="编号前缀" field="numPrefix" rules={[{ maxLength: 20 }]}>
        <Input placeholder="如 AQ-" />
      </Form.Item>
      <Form.Item label="编号含年份" field="numYear" triggerPropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="序号位数" field="numDigits" extra={`编号示例：${numberExample({ ...NEW_RULE, ...shown })}`}>
        <InputNumber min={1} max={12} precision={0} />
      </Form.Item>
      <Form.Item label="启用" field="enabled" triggerPropName="checked">
        <Switch />
      </Form.Item>
    </EditDialog>
  );
}
