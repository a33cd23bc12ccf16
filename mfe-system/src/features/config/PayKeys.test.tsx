import { describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { okReply } from '@exam/api/testing';
import { type ConfigProp, ConfigCalls } from '@exam/contracts';
import { renderWithStore, withTestServer } from '@exam/ui/testing';
import { PayKeys } from './PayKeys';

const WX: ConfigProp = {
  type: 'pay',
  provider: 'wxpay',
  remark: '',
  current: false,
  data: {
    enabled: true,
    mchId: '1900000109',
    appId: 'wx0123456789abcdef',
    apiV3Key: 'Ex******hi',
    serialNo: '5157F09EFDC096DE15EBE81A47057A7232F5B3BA',
    privateKey: '--******--',
    publicKeyId: 'PUB_KEY_ID_0119000001092025010100000001',
    publicKey: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
  },
};

const t = withTestServer();
const saves = () => t.server.requests.filter((r) => r.path === ConfigCalls.propSave.url);

describe('PayKeys', () => {
  it('shows a saved private key as an empty box, and saving sends the masks back (the server keeps the keys)', async () => {
    t.server.route(ConfigCalls.propDetail.url, okReply(WX));
    t.server.route(ConfigCalls.propSave.url, okReply(null));
    renderWithStore(<PayKeys />);
    expect(await screen.findByDisplayValue('1900000109')).toBeTruthy();
    const key = screen.getByPlaceholderText(/已保存的私钥不显示/) as HTMLTextAreaElement;
    expect(key.value).toBe('');
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByText('保存配置'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0].json).toEqual({ type: 'pay', provider: 'wxpay', remark: '', data: WX.data });
  });

  it('asks for the other provider when 支付宝 is chosen', async () => {
    t.server.route(ConfigCalls.propDetail.url, (r) =>
      (r.json as { provider?: string }).provider === 'alipay'
        ? okReply({ ...WX, provider: 'alipay', data: {} })
        : okReply(WX),
    );
    renderWithStore(<PayKeys />);
    await screen.findByDisplayValue('1900000109');
    fireEvent.click(screen.getByText('支付宝'));
    await waitFor(() =>
      expect(t.server.requests.map((r) => (r.json as { provider?: string }).provider)).toContain('alipay'),
    );
    expect(await screen.findByText('支付宝公钥')).toBeTruthy();
  });
});
