import { useEffect, useState } from 'react';
import { Typography } from '@arco-design/web-react';
import { BATTLE_JOIN_PATH } from '@exam/contracts';
import QRCode from 'qrcode';

/** The join code, big enough for the back of a room, and a QR code that opens the join page with it filled in. */
export function JoinPanel({ code, players }: { code: string; players: number }) {
  const [qr, setQr] = useState('');
  const url = `${window.location.origin}${BATTLE_JOIN_PATH}?code=${code}`;
  useEffect(() => {
    QRCode.toDataURL(url, { margin: 1, width: 220 })
      .then(setQr)
      .catch(() => setQr(''));
  }, [url]);
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'center', justifyContent: 'center' }}>
      {qr && <img src={qr} alt="扫码加入竞赛" width={220} height={220} data-testid="join-qr" />}
      <div style={{ textAlign: 'center' }}>
        <Typography.Text type="secondary">手机打开「答题竞赛 → 加入竞赛」输入竞赛码</Typography.Text>
        <div data-testid="join-code" style={{ fontSize: 64, fontWeight: 700, letterSpacing: 12, color: '#165dff' }}>
          {code}
        </div>
        <Typography.Text style={{ fontSize: 18 }}>已有 {players} 人加入</Typography.Text>
      </div>
    </div>
  );
}
