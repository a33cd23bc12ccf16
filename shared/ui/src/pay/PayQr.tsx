import { useEffect, useState } from 'react';
import { Spin, Typography } from '@arco-design/web-react';
import QRCode from 'qrcode';

/** WeChat Pay Native: the code_url drawn as a QR code for the learner's phone to scan. */
export function PayQr({ codeUrl }: { codeUrl: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    QRCode.toDataURL(codeUrl, { margin: 1, width: 200 })
      .then(setSrc)
      .catch(() => setSrc(''));
  }, [codeUrl]);
  return (
    <div style={{ textAlign: 'center' }} data-testid="pay-qr">
      <div style={{ width: 200, height: 200, margin: '0 auto', display: 'grid', placeItems: 'center' }}>
        {src ? <img src={src} alt="微信支付二维码" width={200} height={200} /> : <Spin />}
      </div>
      <Typography.Text type="secondary">请使用微信扫一扫，扫描二维码完成支付</Typography.Text>
    </div>
  );
}
