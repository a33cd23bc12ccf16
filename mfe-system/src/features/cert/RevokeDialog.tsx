import { Form, Input } from '@arco-design/web-react';
import type { CertGrantRow } from '@exam/contracts';
import { EditDialog } from '@exam/ui';
import { useCertGrantRevokeMutation } from './certApi';

type Values = { reason: string };
const EMPTY: Partial<Values> = {};

/** 撤销证书: asks why; the certificate then shows as revoked on its verification page and in its credential's status. */
export function RevokeDialog({
  grant,
  onClose,
  onDone,
}: {
  grant?: CertGrantRow;
  onClose: () => void;
  onDone: () => void;
}) {
  const [revoke] = useCertGrantRevokeMutation();
  return (
    <EditDialog<Values>
      title="撤销证书"
      visible={!!grant}
      cols={[5, 18]}
      style={{ width: 560 }}
      initial={EMPTY}
      onSave={(v) => revoke({ id: grant!.id, reason: v.reason.trim() }).unwrap()}
      success="证书已撤销！"
      onClose={onClose}
      onSaved={onDone}
    >
      <Form.Item label="证书">
        {grant ? `${grant.title}（${grant.number}，${grant.realName || grant.userName}）` : ''}
      </Form.Item>
      <Form.Item
        label="撤销原因"
        field="reason"
        rules={[
          { required: true, message: '请填写撤销原因！' },
          { maxLength: 200, message: '撤销原因不能超过200个字符！' },
          { validator: (v: string | undefined, cb) => cb(v?.trim() ? undefined : '请填写撤销原因！') },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} placeholder="撤销后不可恢复，证书验证页将显示已撤销" />
      </Form.Item>
    </EditDialog>
  );
}
