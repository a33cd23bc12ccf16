import { useState } from 'react';
import { Button, Form, Input, InputNumber, Message, Select, type SelectProps, Space } from '@arco-design/web-react';
import type { CertManualReq, UserRow } from '@exam/contracts';
import { EditDialog, SELECTOR_SIZE, UserPickerDialog } from '@exam/ui';
import { useCertGrantManualMutation, useCertTmplPagingQuery } from './certApi';

/** The most users one manual call takes (the contract's bound); a larger pick goes in several. */
const BATCH = 1000;

/**
 * Grants to the users in batches: the first batch's rule (a new manual one, when none was given) takes the rest. Says
 * how many already held the certificate (they get no second one); the caller says it succeeded.
 */
export function useManualGrant() {
  const [manual] = useCertGrantManualMutation();
  return async (req: Omit<CertManualReq, 'userIds'>, userIds: string[]) => {
    let { ruleId } = req;
    let existing = 0;
    for (let i = 0; i < userIds.length; i += BATCH) {
      const r = await manual({ ...req, ruleId, userIds: userIds.slice(i, i + BATCH) }).unwrap();
      ruleId = r.ruleId;
      existing += r.existing;
    }
    if (existing) Message.info(`${existing} 人已有该证书，未重复发放`);
  };
}

const TWO_LINES = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

/** A form field holding picked users: the count and names, and a button opening the user picker. */
function UsersField({ value = [], onChange }: { value?: UserRow[]; onChange?: (users: UserRow[]) => void }) {
  const [picking, setPicking] = useState(false);
  const names = value.map((u) => u.realName || u.userName).join('、');
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Button onClick={() => setPicking(true)}>选择用户{value.length ? `（已选 ${value.length} 人）` : ''}</Button>
      {names && (
        <div title={names} style={TWO_LINES}>
          {names}
        </div>
      )}
      <UserPickerDialog
        visible={picking}
        title="选择发放对象"
        onCancel={() => setPicking(false)}
        onOk={(users) => {
          onChange?.(users);
          setPicking(false);
        }}
      />
    </Space>
  );
}

/** A template to grant with (证书发放 has none in hand): the first 100 matching the typed name. */
function TmplSelect(props: SelectProps) {
  const [name, setName] = useState('');
  const { data, isFetching } = useCertTmplPagingQuery(
    { current: 1, size: SELECTOR_SIZE, params: { name: name || undefined } },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <Select
      showSearch
      placeholder="请选择证书模板"
      loading={isFetching}
      filterOption={false}
      onSearch={setName}
      {...props}
      options={(data?.records ?? []).map((t) => ({ value: t.id, label: t.name }))}
    />
  );
}

export const GRANTED = '证书发放成功！';

type Values = { tmplId: string; title: string; validMonths: number; users: UserRow[] };
const NEW_BATCH: Partial<Values> = { validMonths: 0, users: [] };

/**
 * A manual batch not tied to an exam or a course: a title, a validity, the picked users, with this template (from a
 * template's rules) or one picked here (from 证书发放).
 */
export function ManualGrantDialog({
  tmplId,
  visible,
  onClose,
  onSaved,
}: {
  tmplId?: string;
  visible: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const grant = useManualGrant();
  return (
    <EditDialog<Values>
      title="手动发放证书"
      visible={visible}
      cols={[6, 17]}
      style={{ width: 600 }}
      initial={NEW_BATCH}
      onSave={(v) =>
        grant(
          { tmplId: tmplId ?? v.tmplId, title: v.title, validMonths: v.validMonths },
          v.users.map((u) => u.id),
        )
      }
      success={GRANTED}
      onClose={onClose}
      onSaved={onSaved}
    >
      {!tmplId && (
        <Form.Item label="证书模板" field="tmplId" rules={[{ required: true, message: '请选择证书模板！' }]}>
          <TmplSelect />
        </Form.Item>
      )}
      <Form.Item
        label="证书名称"
        field="title"
        rules={[{ required: true, message: '请输入证书名称！' }, { maxLength: 100 }]}
      >
        <Input placeholder="如 年度优秀学员证书" />
      </Form.Item>
      <Form.Item label="有效期（月）" field="validMonths" extra="0 为长期有效">
        <InputNumber min={0} max={1200} precision={0} />
      </Form.Item>
      <Form.Item
        label="发放对象"
        field="users"
        rules={[{ required: true, type: 'array', minLength: 1, message: '请至少选择一个用户！' }]}
      >
        <UsersField />
      </Form.Item>
    </EditDialog>
  );
}
