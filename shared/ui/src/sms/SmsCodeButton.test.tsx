import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { errorReply, okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { AccountCalls } from '@exam/contracts';
import { SmsCodeButton } from '../index';
import { renderWithStore, resetScreen } from '../testing';

let server: TestServer;
let reply = okReply(null);
beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url, notify: () => {} });
  server.route(AccountCalls.sms.url, () => reply);
});
afterAll(() => server.close());
afterEach(() => {
  resetScreen();
  server.requests.length = 0;
  reply = okReply(null);
});

describe('SmsCodeButton', () => {
  it('opens the captcha popover only for a valid mobile', async () => {
    renderWithStore(<SmsCodeButton smsType="bind" getMobile={async () => undefined} />);
    fireEvent.click(screen.getByText('获取验证码'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('请输入图形验证码')).toBeNull();
  });

  it('sends mobile, type and captcha, then counts down 60 s', async () => {
    renderWithStore(<SmsCodeButton smsType="bind" getMobile={async () => '13900000001'} />);
    fireEvent.click(screen.getByText('获取验证码'));
    fireEvent.change(await screen.findByPlaceholderText('图形验证码'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByText('发送验证码'));
    expect(await screen.findByText('短信发送成功，请查收手机短信！')).toBeTruthy();
    expect(await screen.findByText('60秒后重发')).toBeTruthy();
    const sent = server.requests.find((r) => r.path === AccountCalls.sms.url)!.json;
    expect(sent).toMatchObject({ smsType: 'bind', mobile: '13900000001', captchaValue: 'ab12' });
    expect(sent.captchaKey).toMatch(/^[0-9a-f]{32}$/);
  });

  it('asks for the captcha before calling, and shows the spec wording when it is wrong', async () => {
    renderWithStore(<SmsCodeButton smsType="login" getMobile={async () => '13900000002'} />);
    fireEvent.click(screen.getByText('获取验证码'));
    fireEvent.click(await screen.findByText('发送验证码'));
    expect(await screen.findByText('图形验证码不能为空！')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
    reply = errorReply(90010003, 'x', 400);
    fireEvent.change(screen.getByPlaceholderText('图形验证码'), { target: { value: 'zzzz' } });
    fireEvent.click(screen.getByText('发送验证码'));
    expect(await screen.findByText('验证码错误或已失效，请点击图片刷新验证码！')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('获取验证码')).toBeTruthy());
  });
});
