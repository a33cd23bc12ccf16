import { Button, Card, Message, Space, Typography } from '@arco-design/web-react';
import { IconCopy, IconDownload, IconSafe } from '@arco-design/web-react/icon';
import { download, saveBlob } from '@exam/api';
import { CertMineCalls, type CertMineRow, CertState } from '@exam/contracts';
import { PagedCardGrid } from '@exam/ui';
import { UcFrame } from '../uc/UcFrame';
import { useCertMineCredentialMutation } from './certApi';
import { CertStateTag } from './CertStateTag';
import { ONE_LINE, sourceWithScore } from './certText';

const day = (t: string) => t.slice(0, 10);

/** Copies through the clipboard API, or where it is refused (plain http) through a selected text field. */
async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    document.body.appendChild(field);
    field.select();
    document.execCommand('copy');
    field.remove();
  }
}

/** One certificate: what and when, its state, and what the holder can take away. */
function CertCard({ cert }: { cert: CertMineRow }) {
  const [credential, { isLoading }] = useCertMineCredentialMutation();
  const revoked = cert.state === CertState.REVOKED;
  const source = sourceWithScore(cert);
  const pdf = () =>
    void download(CertMineCalls.pdf.url, { id: cert.id }, `${cert.title}-${cert.number}.pdf`).catch(() => undefined);
  const badge = async () => {
    const { jwt, fileName } = await credential({ id: cert.id }).unwrap();
    saveBlob(new Blob([jwt], { type: 'application/jwt' }), fileName);
  };
  const copy = async () => {
    await copyText(cert.verifyUrl);
    Message.success('验证链接已复制！');
  };
  return (
    <Card
      data-testid="cert-card"
      title={
        <span title={cert.title} style={ONE_LINE}>
          {cert.title}
        </span>
      }
      extra={<CertStateTag state={cert.state} revokeTime={cert.revokeTime} />}
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 12 }}>
        <span title={source} style={ONE_LINE}>
          {source}
        </span>
        <Typography.Text type="secondary">证书编号：{cert.number}</Typography.Text>
        <Typography.Text type="secondary">
          发放日期：{day(cert.grantTime)}　有效期至：{cert.expireTime ? day(cert.expireTime) : '长期有效'}
        </Typography.Text>
      </div>
      <Space wrap size={8}>
        <Button type="primary" size="small" icon={<IconDownload />} disabled={revoked} onClick={pdf}>
          下载证书
        </Button>
        <Button size="small" icon={<IconCopy />} onClick={() => void copy()}>
          复制验证链接
        </Button>
        <Button
          size="small"
          icon={<IconSafe />}
          disabled={revoked}
          loading={isLoading}
          onClick={() => void badge().catch(() => undefined)}
        >
          下载电子凭证
        </Button>
      </Space>
    </Card>
  );
}

/** 我的证书 (user centre): a card per certificate, newest first. */
export default function UcCert() {
  return (
    <UcFrame title="我的证书">
      {/* A first visit finds none yet: it says where certificates come from and what the link is for. */}
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        通过设有证书的考试或学完设有证书的课程后，证书会自动发放到这里。证书上的二维码和验证链接可供他人在线核验真伪。
      </Typography.Paragraph>
      <PagedCardGrid<CertMineRow>
        url={CertMineCalls.paging.url}
        size={10}
        perRow={2}
        rowKey="id"
        renderCard={(cert) => <CertCard cert={cert} />}
      />
    </UcFrame>
  );
}
