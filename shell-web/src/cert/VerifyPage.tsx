import { type ReactNode, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Input, Space, Spin, Tag, Typography } from '@arco-design/web-react';
import { ApiError, call } from '@exam/api';
import {
  CERT_STATE_TITLES,
  type CertCredentialCheck,
  CertState,
  CertVerifyCalls,
  type CertVerifyRes,
} from '@exam/contracts';
import { useParams } from '@exam/router';
import { selectSite, useAppSelector } from '@exam/store';
import { detailColumns } from '@exam/ui';

const STATE_COLORS: Record<string, string> = {
  [CertState.VALID]: 'green',
  [CertState.REVOKED]: 'red',
  [CertState.EXPIRED]: 'orange',
};
const day = (t: string) => t.slice(0, 10);
const failure = (e: unknown) => (e instanceof ApiError ? e.msg : '查询失败，请稍后重试！');

/** What a certificate shows anyone: its state first, then title, source, holder (masked) and dates. */
function CertFacts({ cert }: { cert: CertVerifyRes }) {
  const state = (
    <Tag color={STATE_COLORS[cert.state]} size="large" data-testid="cert-state">
      {CERT_STATE_TITLES[cert.state] ?? cert.state}
      {cert.state === CertState.REVOKED && cert.revokeTime && `（${day(cert.revokeTime)} 撤销）`}
    </Tag>
  );
  return (
    <Descriptions
      column={detailColumns(1)}
      labelStyle={{ width: 96 }}
      data={[
        { label: '证书状态', value: state },
        { label: '证书名称', value: cert.title },
        { label: '获得途径', value: cert.sourceTitle || '-' },
        { label: '持有人', value: cert.holder },
        { label: '发放日期', value: day(cert.grantTime) },
        { label: '有效期至', value: cert.expireTime ? day(cert.expireTime) : '长期有效' },
      ]}
    />
  );
}

/** A credential file's token: the file itself (.jwt), or the `jwt` field of a JSON wrapping. */
function tokenOf(text: string): string {
  const t = text.trim();
  if (!t.startsWith('{')) return t;
  try {
    const jwt = (JSON.parse(t) as { jwt?: unknown }).jwt;
    return typeof jwt === 'string' ? jwt : t;
  } catch {
    return t;
  }
}

/** 核验电子凭证: a pasted or chosen Open Badges credential, checked by the platform's published keys. */
function CredentialCheck() {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CertCredentialCheck | { error: string }>();
  const check = async (jwt: string) => {
    if (!jwt) return;
    setBusy(true);
    try {
      setResult(await call(CertVerifyCalls.credential, { jwt: jwt.slice(0, 20_000) }, { silent: true }));
    } catch (e) {
      setResult({ error: failure(e) });
    } finally {
      setBusy(false);
    }
  };
  const pick = async (file?: File) => {
    if (!file) return;
    const t = tokenOf(await file.text());
    setText(t);
    await check(t);
  };
  let outcome: ReactNode = null;
  if (result && 'error' in result) outcome = <Typography.Text type="error">{result.error}</Typography.Text>;
  else if (result) {
    outcome = (
      <Space direction="vertical" style={{ width: '100%' }} data-testid="credential-result">
        {result.valid ? (
          <Typography.Text type="success">凭证签名有效，由本平台签发。</Typography.Text>
        ) : (
          <Typography.Text type="error">凭证未通过核验：{result.reason}</Typography.Text>
        )}
        {result.certificate && <CertFacts cert={result.certificate} />}
      </Space>
    );
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        aria-label="电子凭证内容"
        placeholder="粘贴电子凭证（.jwt 文件的内容），或选择凭证文件"
        autoSize={{ minRows: 3, maxRows: 6 }}
        value={text}
        onChange={setText}
      />
      <Space wrap>
        <Button type="primary" loading={busy} disabled={!text.trim()} onClick={() => void check(tokenOf(text))}>
          核验凭证
        </Button>
        <Button onClick={() => document.getElementById('credential-file')?.click()}>选择凭证文件</Button>
        <input
          id="credential-file"
          type="file"
          accept=".jwt,.json,.txt"
          hidden
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </Space>
      {outcome}
    </Space>
  );
}

/** 证书验证 (/pages/cert/verify/:code): anyone, signed in or not, sees whether a certificate holds. */
export default function VerifyPage() {
  const { code = '' } = useParams();
  const siteName = useAppSelector(selectSite)?.siteName;
  const [state, setState] = useState<{ cert?: CertVerifyRes; error?: string }>();
  useEffect(() => {
    setState(undefined);
    call(CertVerifyCalls.detail, { code: code.slice(0, 64) }, { silent: true }).then(
      (cert) => setState({ cert }),
      (e) => setState({ error: failure(e) }),
    );
  }, [code]);
  return (
    <div style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
      <Typography.Title heading={4} style={{ textAlign: 'center', margin: '16px 0' }}>
        {siteName ? `${siteName} · ` : ''}证书验证
      </Typography.Title>
      <Card bordered={false} title="证书信息">
        {!state && <Spin style={{ display: 'block', textAlign: 'center', padding: 24 }} />}
        {state?.error && <Typography.Text type="error">{state.error}</Typography.Text>}
        {state?.cert && <CertFacts cert={state.cert} />}
      </Card>
      <Card bordered={false} title="核验电子凭证" style={{ marginTop: 16 }}>
        <CredentialCheck />
      </Card>
    </div>
  );
}
