import { afterAll, afterEach, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { errorReply, okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { Calls, FILE_GET_PREFIX } from '@exam/contracts';
import { DEFAULT_COVER, ImageBox, StudyCheckDialog, coverColumn } from '../index';
import { renderWithStore, resetScreen } from '../testing';

let server: TestServer;
const notify = rs.fn();
beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url, notify });
});
afterAll(() => server.close());
afterEach(() => {
  resetScreen();
  server.requests.length = 0;
  notify.mockReset();
});

const keyOf = () => new URL((screen.getByAltText('验证码') as HTMLImageElement).src).searchParams.get('key');

describe('StudyCheckDialog (学习检测)', () => {
  it('shows the grace countdown and refuses an empty captcha without calling', async () => {
    renderWithStore(<StudyCheckDialog open graceLeft={27} onPass={() => {}} />);
    expect(screen.getByText('27')).toBeTruthy();
    fireEvent.click(screen.getByText('确认'));
    expect(await screen.findByText('验证码不能为空！')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('a wrong captcha shows the spec message and a new key; a right one passes', async () => {
    let right = false;
    server.route(Calls.captchaCheck.url, () => okReply(right));
    const onPass = rs.fn();
    renderWithStore(<StudyCheckDialog open graceLeft={30} onPass={onPass} />);
    const first = keyOf();
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: 'abcd' } });
    fireEvent.click(screen.getByText('确认'));
    expect(await screen.findByText('验证码错误或已失效，请点击图片刷新验证码！')).toBeTruthy();
    await waitFor(() => expect(keyOf()).not.toBe(first));
    expect(server.requests[0].json).toEqual({ captchaKey: first, captchaValue: 'abcd' });
    expect(onPass).not.toHaveBeenCalled();

    right = true;
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: 'wxyz' } });
    fireEvent.click(screen.getByText('确认'));
    await waitFor(() => expect(onPass).toHaveBeenCalledTimes(1));
  });

  it('a failing check call counts as wrong, with one message only', async () => {
    server.route(Calls.captchaCheck.url, errorReply(500, '服务器开小差了！', 500));
    renderWithStore(<StudyCheckDialog open graceLeft={30} onPass={() => {}} />);
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: 'abcd' } });
    fireEvent.click(screen.getByText('确认'));
    expect(await screen.findByText('验证码错误或已失效，请点击图片刷新验证码！')).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('ImageBox', () => {
  it('shows the default cover without a source and after a load error', () => {
    const { rerender } = renderWithStore(<ImageBox alt="封面" />);
    expect((screen.getByAltText('封面') as HTMLImageElement).src).toBe(DEFAULT_COVER);
    rerender(<ImageBox alt="封面" src="/upload/x.png" />);
    const img = screen.getByAltText('封面') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/upload/x.png');
    fireEvent.error(img);
    expect((screen.getByAltText('封面') as HTMLImageElement).src).toBe(DEFAULT_COVER);
  });

  it('is the 封面 column of the admin lists, with the default cover for a row without one', () => {
    const col = coverColumn<{ cover: string }>();
    expect([col.title, col.dataIndex]).toEqual(['封面', 'cover']);
    const { container } = renderWithStore(
      <>
        {col.render!('', { cover: '' }, 0)}
        {col.render!(`${FILE_GET_PREFIX}c.png`, { cover: `${FILE_GET_PREFIX}c.png` }, 1)}
      </>,
    );
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      DEFAULT_COVER,
      `${FILE_GET_PREFIX}c.png`,
    ]);
  });
});
