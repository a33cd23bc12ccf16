import { describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { okReply } from '@exam/api/testing';
import { ConfigCalls, type SwitchConfig as Switches } from '@exam/contracts';
import { renderWithStore, withTestServer } from '@exam/ui/testing';
import { SwitchConfig } from './SwitchConfig';

const STORED: Switches = {
  userReg: true,
  userAudit: false,
  userDeptType: 0,
  userDeptCode: '',
  mobileLogin: false,
  wechatLogin: false,
  faceLogin: false,
  cropLogin: false,
  dingLogin: true,
  realPerson: false,
  faceAudit: 'no',
  loginTick: 0,
  moduleCourse: true,
  moduleExam: true,
  moduleBattle: false,
  moduleCert: false,
};

const t = withTestServer();

const toggle = (label: string) =>
  screen.getByText(label).closest('.arco-form-item')!.querySelector('[role=switch]') as HTMLButtonElement;

describe('SwitchConfig', () => {
  it('cannot be turned or saved before the stored switches arrive, which it then shows; a save sends what was turned', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    t.server.route(ConfigCalls.switchDetail.url, async () => (await held, okReply(STORED)));
    t.server.route(ConfigCalls.switchSave.url, okReply(null));
    renderWithStore(<SwitchConfig />);
    await waitFor(() => expect(t.server.requests).toHaveLength(1));
    // The stored value (on) is not there yet: the switch cannot be turned, 保存配置 saves nothing.
    expect(toggle('钉钉登录').disabled).toBe(true);
    fireEvent.click(screen.getByText('保存配置'));
    release();
    await waitFor(() => expect(toggle('钉钉登录').getAttribute('aria-checked')).toBe('true'));
    expect(toggle('钉钉登录').disabled).toBe(false);
    expect(t.server.requests.filter((r) => r.path === ConfigCalls.switchSave.url)).toHaveLength(0);
    fireEvent.click(toggle('手机号登录'));
    fireEvent.click(screen.getByText('保存配置'));
    await waitFor(() => expect(t.server.requests.filter((r) => r.path === ConfigCalls.switchSave.url)).toHaveLength(1));
    const saved = t.server.requests.find((r) => r.path === ConfigCalls.switchSave.url)!.json as Switches;
    expect(saved).toMatchObject({ dingLogin: true, mobileLogin: true, userReg: true });
  });

  it('offers every module, none locked as not built yet', async () => {
    t.server.route(ConfigCalls.switchDetail.url, okReply(STORED));
    renderWithStore(<SwitchConfig />);
    await waitFor(() => expect(toggle('课程学习').disabled).toBe(false));
    for (const label of ['课程学习', '在线考试', '答题竞赛', '证书管理']) {
      expect(toggle(label).disabled).toBe(false);
      expect(screen.getByText(label).closest('.arco-form-item')!.textContent).not.toContain('暂未开放');
    }
  });
});
