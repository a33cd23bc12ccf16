import { afterAll, afterEach, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { UPLOAD_URL } from '@exam/contracts';
import { RichEditor, RichText } from '../index';
import { renderWithStore, resetScreen } from '../testing';

let server: TestServer;
beforeAll(async () => {
  await import('./RichEditorImpl'); // RichEditor loads it lazily: once here, so the first test waits no longer than the rest
  server = await startTestServer();
  configureApi({ baseUrl: server.url, notify: () => {} });
});
afterAll(() => server.close());
afterEach(resetScreen);

describe('RichEditor', () => {
  it('shows the value, and a new value from outside replaces it', async () => {
    const { rerender } = renderWithStore(<RichEditor value="<p>第一段</p>" />);
    expect(await screen.findByText('第一段')).toBeTruthy();
    rerender(<RichEditor value="<p>换了内容</p>" />);
    expect(await screen.findByText('换了内容')).toBeTruthy();
    expect(screen.queryByText('第一段')).toBeNull();
  });

  it('emits HTML when formatting is applied from the toolbar', async () => {
    const onChange = rs.fn();
    renderWithStore(<RichEditor value="<p>文字</p>" onChange={onChange} />);
    await screen.findByText('文字');
    fireEvent.click(screen.getByLabelText('无序列表'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.stringContaining('<ul>')));
  });

  it('inserts uploaded attachments: a video plays inline, a file becomes a link', async () => {
    server.route(UPLOAD_URL, (req) =>
      okReply(
        req.body.includes('.mp4')
          ? { url: '/f/v.mp4', name: 'v.mp4', size: 1, kind: 'video' }
          : { url: '/f/d.pdf', name: 'd.pdf', size: 1, kind: 'file' },
      ),
    );
    const onChange = rs.fn();
    renderWithStore(<RichEditor value="<p>x</p>" onChange={onChange} />);
    await screen.findByText('x');
    const attach = async (kindLabel: string, file: File) => {
      fireEvent.click(document.querySelector('button[aria-label=插入附件]')!);
      fireEvent.click(await screen.findByText(kindLabel));
      const input = document.querySelector('.arco-modal input[type=file]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [file] } });
      const ok = () => screen.getByText('确定').closest('button') as HTMLButtonElement;
      await waitFor(() => expect(ok().disabled).toBe(false)); // the upload has finished
      fireEvent.click(ok());
    };
    await attach('视频', new File(['v'], 'v.mp4'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<video src="/f/v.mp4"')));
    await attach('文件', new File(['d'], 'd.pdf'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('href="/f/d.pdf"')));
  });
});

describe('RichText', () => {
  it('renders the given HTML', () => {
    renderWithStore(<RichText html="<p><strong>公告</strong>内容</p>" />);
    expect(screen.getByText('公告').tagName).toBe('STRONG');
  });
});
