import { describe, expect, it, onTestFinished } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { okReply } from '@exam/api/testing';
import { FILE_GET_PREFIX, QuCalls, RepoCalls, UPLOAD_URL } from '@exam/contracts';
import { renderWithStore, withTestServer } from '@exam/ui/testing';
import { QuEditDrawer } from './QuEditDrawer';

const t = withTestServer();

const saves = () => t.server.requests.filter((r) => r.path === QuCalls.save.url);
const png = new File([new Uint8Array([137, 80, 78, 71])], 'b.png', { type: 'image/png' });

describe('QuEditDrawer', () => {
  it('saves an option picture still uploading when 保存 is pressed, with the text typed meanwhile, once it arrives', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Whatever happens, the held upload is answered, so the test server can close.
    onTestFinished(() => release());
    t.server.route(RepoCalls.paging.url, okReply({ records: [{ id: 'r1', title: '安全题库' }], total: 1 }));
    t.server.route(RepoCalls.chapterList.url, okReply([]));
    t.server.route(
      UPLOAD_URL,
      async () => (await held, okReply({ url: `${FILE_GET_PREFIX}x/b.png`, name: 'b.png', size: 4, kind: 'image' })),
    );
    t.server.route(QuCalls.save.url, okReply(null));
    let saved = 0;
    renderWithStore(<QuEditDrawer visible repoId="r1" onClose={() => undefined} onSaved={() => void saved++} />);
    const input = (await screen.findByTestId('option-image-B')).querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [png] } });
    // The picture's upload reaches the server (a loaded CI machine may take more than waitFor's default second).
    await waitFor(() => expect(t.server.requests.some((r) => r.path === UPLOAD_URL)).toBe(true), { timeout: 10_000 });
    // Typed while the picture uploads, then 保存 before it has arrived.
    fireEvent.change(screen.getByLabelText('选项A'), { target: { value: '戴安全帽' } });
    fireEvent.click(screen.getByText('保存'));
    await new Promise((r) => setTimeout(r, 50));
    expect(saves()).toHaveLength(0); // not saved without the picture meanwhile
    release();
    await waitFor(() => expect(saves()).toHaveLength(1));
    const body = saves()[0].json as { repoId: string; answerList: { content?: string; image?: string }[] };
    expect(body.repoId).toBe('r1');
    expect(body.answerList[0].content).toBe('戴安全帽');
    expect(body.answerList[1].image).toBe(`${FILE_GET_PREFIX}x/b.png`);
    await waitFor(() => expect(saved).toBe(1));
  });
});
