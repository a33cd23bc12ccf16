import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { ConfigCalls, type SwitchConfig as Switches } from '@exam/contracts';
import { renderWithStore, resetScreen } from '@exam/ui/testing';
import { SwitchConfig } from './SwitchConfig';

const STORED: Switches = {
  userReg: true, userAudit: false, userDeptType: 0, userDeptCode: '', mobileLogin: false, wechatLogin: false, faceLogin: false,
  cropLogin: false, dingLogin: true, realPerson: false, faceAudit: 'no', loginTick: 0, moduleCourse: true, moduleExam: true, moduleBattle: false, moduleCert: false,
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url, notify: () => undefined });
});
afterAll(() => server.close());
afterEach(() => {
  resetScreen();
  server.requests.length = 0;
});

const toggle = (label: string) => screen.getByText(label).closest('.arco-form-item')!.querySelector('[role=switch]') as HTMLButtonElement;

describe('SwitchConfig', () => {
  it('cannot be turned or saved before the stored switches arrive, which it then shows; a save sends what was turned', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server.route(ConfigCalls.switchDetail.url, async () => (await held, okReply(STORED)));
    server.route(ConfigCalls.switchSave.url, okReply(null));
    renderWithStore(<SwitchConfig />);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    // The stored value (on) is not there yet: the switch cannot be turned, 保存配置 saves nothing.
    expect(toggle('钉钉登录').disabled).toBe(true);
    fireEvent.click(screen.getByText('保存配置'));
    release();
    await waitFor(() => expect(toggle('钉钉登录').getAttribute('aria-checked')).toBe('true'));
    expect(toggle('钉钉登录').disabled).toBe(false);
    expect(server.requests.filter((r) => r.path === ConfigCalls.switchSave.url)).toHaveLength(0);
    fireEvent.click(toggle('手机号登录'));
    fireEvent.click(screen.getByText('保存配置'));
    await waitFor(() => expect(server.requests.filter((r) => r.path === ConfigCalls.switchSave.url)).toHaveLength(1));
    const saved = server.requests.find((r) => r.path === ConfigCalls.switchSave.url)!.json as Switches;
    expect(saved).toMatchObject({ dingLogin: true, mobileLogin: true, userReg: true });
  });
});
