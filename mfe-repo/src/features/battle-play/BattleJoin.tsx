import { useEffect, useState } from 'react';
import { Button, Card, Input, Typography } from '@arco-design/web-react';
import { ApiError, call } from '@exam/api';
import { BattlePlayCalls } from '@exam/contracts';
import { useNavigate, useSearchParams } from '@exam/router';
import { playPath } from './Matching';

/** 加入竞赛 (route /pages/battle/join): the code on the host's screen, typed or brought by its QR code (?code=). */
export default function BattleJoin() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [code, setCode] = useState(search.get('code') ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const join = async (c: string) => {
    if (!/^\d{6}$/.test(c)) return setError('请输入 6 位数字竞赛码！');
    setBusy(true);
    setError('');
    try {
      const r = await call(BattlePlayCalls.join, { code: c }, { silent: true });
      navigate(playPath(r.roundId), { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? e.msg : '加入失败，请稍后再试！');
    } finally {
      setBusy(false);
    }
  };
  // Opened from the QR code: joins at once (once; the code in the address does not change here).
  const fromQr = search.get('code');
  useEffect(() => {
    if (fromQr) void join(fromQr);
  }, [fromQr]);
  return (
    <Card bordered={false} style={{ maxWidth: 420, margin: '24px auto' }}>
      <Typography.Title heading={5} style={{ marginTop: 0 }}>
        加入竞赛
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        输入主持人屏幕上的 6 位竞赛码，或扫描屏幕上的二维码。
      </Typography.Paragraph>
      <Input
        size="large"
        inputMode="numeric"
        maxLength={6}
        placeholder="竞赛码"
        aria-label="竞赛码"
        value={code}
        onChange={(v) => setCode(v.replace(/\D/g, ''))}
        onPressEnter={() => void join(code)}
        style={{ fontSize: 24, letterSpacing: 8, textAlign: 'center' }}
      />
      {error && (
        <Typography.Paragraph type="error" style={{ marginTop: 8 }}>
          {error}
        </Typography.Paragraph>
      )}
      <Button type="primary" size="large" long loading={busy} style={{ marginTop: 16 }} onClick={() => void join(code)}>
        加入
      </Button>
    </Card>
  );
}
