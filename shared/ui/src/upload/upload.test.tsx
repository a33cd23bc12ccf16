import { afterAll, afterEach, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { errorReply, okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { FILE_GET_PREFIX, UPLOAD_URL, UserCalls } from '@exam/contracts';
import { Form } from '@arco-design/web-react';
import { EditDialog, ImageUpload, ImportUpload, Upload } from '../index';
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
  notify.mockReset();
  server.requests.length = 0;
});

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;
const choose = (files: File[]) => fireEvent.change(fileInput(), { target: { files } });
const png = (name = 'a.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('Upload', () => {
  it('uploads to the common call and reports the file list', async () => {
    server.route(UPLOAD_URL, okReply({ url: `${FILE_GET_PREFIX}x/1.png`, name: 'a.png', size: 4, kind: 'image' }));
    const onChange = rs.fn();
    renderWithStore(<Upload limit={3} onChange={onChange} />);
    choose([png()]);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([{ name: 'a.png', url: `${FILE_GET_PREFIX}x/1.png` }]));
    expect(server.requests[0].body).toContain('name="file"; filename="a.png"');
  });

  it('adds the file to the list as it is when the upload ends, keeping what changed meanwhile', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server.route(
      UPLOAD_URL,
      async () => (await held, okReply({ url: `${FILE_GET_PREFIX}x/2.png`, name: 'c.png', size: 4, kind: 'image' })),
    );
    const a = { name: 'a.pdf', url: '/u/a.pdf' };
    const b = { name: 'b.pdf', url: '/u/b.pdf' };
    const onChange = rs.fn();
    const view = renderWithStore(<Upload limit={3} value={[a]} onChange={onChange} />);
    choose([png('c.png')]);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    view.rerender(<Upload limit={3} value={[a, b]} onChange={onChange} />);
    release();
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith([a, b, { name: 'c.png', url: `${FILE_GET_PREFIX}x/2.png` }]),
    );
  });

  it('warns 每次只能上传 n 个文件 beyond the limit', async () => {
    const files = [
      { name: 'a.pdf', url: '/u/a.pdf' },
      { name: 'b.pdf', url: '/u/b.pdf' },
    ];
    renderWithStore(<Upload limit={2} value={files} />);
    choose([png('c.png')]);
    expect(await screen.findByText('每次只能上传 2 个文件')).toBeTruthy();
  });

  it('refuses a type outside its kinds without calling the server', async () => {
    renderWithStore(<Upload kinds={['image']} />);
    choose([new File(['x'], 'evil.exe')]);
    expect(await screen.findByText(/不支持的文件类型/)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('clears the list when the server refuses (code ≠ 0) and shows its message', async () => {
    server.route(UPLOAD_URL, errorReply(10010001, '文件内容与扩展名不符！'));
    const onChange = rs.fn();
    renderWithStore(<Upload value={[{ name: 'old.png', url: '/u/old.png' }]} limit={3} onChange={onChange} />);
    choose([png()]);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([]));
    expect(notify).toHaveBeenCalledWith('文件内容与扩展名不符！');
  });

  it('asks 确定移除文件吗？ before removing', async () => {
    const onChange = rs.fn();
    renderWithStore(<Upload value={[{ name: 'old.pdf', url: '/u/old.pdf' }]} onChange={onChange} />);
    fireEvent.click(
      document.querySelector(
        '.arco-upload-list-remove-icon, .arco-upload-list-item-operation [aria-label], .arco-icon-delete',
      )!,
    );
    expect(await screen.findByText('确定移除文件吗？')).toBeTruthy();
    fireEvent.click(screen.getByText('确定'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([]));
  });
});

describe('ImageUpload', () => {
  it('accepts jpg/jpeg/png only and yields the URL', async () => {
    server.route(UPLOAD_URL, okReply({ url: '/img/logo.png', name: 'logo.png', size: 4, kind: 'image' }));
    const onChange = rs.fn();
    renderWithStore(<ImageUpload onChange={onChange} />);
    expect(fileInput().accept).toBe('.jpg,.jpeg,.png');
    choose([png('logo.png')]);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/img/logo.png'));
  });
});

describe('ImportUpload', () => {
  const pick = async (file: File) => {
    // A button still loading from the previous import ignores clicks.
    await waitFor(() => expect(screen.getByText('导入').closest('button')?.className).not.toContain('loading'));
    const created: HTMLInputElement[] = [];
    const make = document.createElement.bind(document);
    const spy = rs.spyOn(document, 'createElement').mockImplementation((tag: string) => {
      const el = make(tag);
      if (tag === 'input') {
        created.push(el as HTMLInputElement);
        (el as HTMLInputElement).click = () => {};
      }
      return el;
    });
    fireEvent.click(screen.getByText('导入'));
    spy.mockRestore();
    Object.defineProperty(created[0], 'files', { value: [file] });
    created[0].onchange?.(new Event('change'));
  };

  it('says 数据导入成功 on code 0', async () => {
    server.route(UserCalls.import.url, okReply(null));
    const onDone = rs.fn();
    renderWithStore(<ImportUpload url={UserCalls.import.url} onDone={onDone} />);
    await pick(new File(['x'], 'users.xlsx'));
    expect(await screen.findByText('数据导入成功')).toBeTruthy();
    expect(onDone).toHaveBeenCalled();
  });

  it('opens a dialog with the server message otherwise, and refuses other extensions', async () => {
    server.route(UserCalls.import.url, errorReply(10010001, '第3行：用户名不能为空'));
    renderWithStore(<ImportUpload url={UserCalls.import.url} />);
    await pick(new File(['x'], 'users.xlsx'));
    expect(await screen.findByText('第3行：用户名不能为空')).toBeTruthy();
    expect(notify).not.toHaveBeenCalled();
    await pick(new File(['x'], 'users.csv'));
    expect(await screen.findByText('只能上传.xlsx格式的文件！')).toBeTruthy();
  });
});

describe('Upload inside an EditDialog', () => {
  type V = { photo: string };
  const saved: V[] = [];
  const dialog = () => (
    <EditDialog<V>
      title="编辑照片"
      visible
      initial={{ photo: '' }}
      onSave={async (v) => void saved.push(v)}
      success="保存成功！"
      onClose={() => undefined}
    >
      <Form.Item label="照片" field="photo">
        <ImageUpload />
      </Form.Item>
    </EditDialog>
  );
  afterEach(() => void (saved.length = 0));
  const ok = async () =>
    within((await screen.findByText('编辑照片')).closest('.arco-modal') as HTMLElement).getByText('确定');

  it('saves a photo still uploading when 确定 is pressed with that photo, once its upload ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server.route(
      UPLOAD_URL,
      async () => (
        await held, okReply({ url: `${FILE_GET_PREFIX}x/face.png`, name: 'face.png', size: 4, kind: 'image' })
      ),
    );
    renderWithStore(dialog());
    await waitFor(() => expect(fileInput()).toBeTruthy());
    choose([png('face.png')]);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    fireEvent.click(await ok());
    await new Promise((r) => setTimeout(r, 50));
    expect(saved).toEqual([]); // not saved without the photo meanwhile
    release();
    await waitFor(() => expect(saved).toEqual([{ photo: `${FILE_GET_PREFIX}x/face.png` }]));
  });

  it('does not save when the photo on its way fails: the server message shows and the dialog stays', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server.route(UPLOAD_URL, async () => (await held, errorReply(10010001, '文件内容与扩展名不符！')));
    renderWithStore(dialog());
    await waitFor(() => expect(fileInput()).toBeTruthy());
    choose([png('face.png')]);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    fireEvent.click(await ok());
    release();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('文件内容与扩展名不符！'));
    await new Promise((r) => setTimeout(r, 50));
    expect(saved).toEqual([]);
    expect(screen.getByText('编辑照片')).toBeTruthy(); // still open, to pick another photo
  });
});
