import { afterEach, describe, expect, it } from '@rstest/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from '@arco-design/web-react';
import { EditDialog } from '../index';
import { resetScreen } from '../testing';

type V = { name: string };
const dialog = async () => within((await screen.findByText('修改名称')).closest('.arco-modal') as HTMLElement);

function Harness(p: {
  initial?: Partial<V>;
  loading?: boolean;
  failed?: boolean;
  success?: string;
  onSave: (v: V) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <EditDialog<V>
      title="修改名称"
      visible
      initial={p.initial}
      loading={p.loading}
      failed={p.failed}
      onSave={p.onSave}
      success={p.success ?? '保存成功！'}
      onClose={p.onClose}
    >
      <Form.Item label="名称" field="name" rules={[{ required: true, message: '名称不能为空！' }]}>
        <Input aria-label="名称" />
      </Form.Item>
    </EditDialog>
  );
}

describe('EditDialog', () => {
  afterEach(resetScreen);

  it('opens with the record once it has loaded, saves the edited values, says so and closes', async () => {
    const saved: V[] = [];
    let closed = 0;
    const props = { onSave: async (v: V) => void saved.push(v), onClose: () => void closed++ };
    const view = render(<Harness {...props} initial={undefined} loading />);
    view.rerender(<Harness {...props} initial={{ name: '旧名称' }} />);
    const input = (await dialog()).getByLabelText('名称') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('旧名称'));
    // A new literal on each render does not reset what the user typed.
    fireEvent.change(input, { target: { value: '新名称' } });
    view.rerender(<Harness {...props} initial={{ name: '旧名称' }} />);
    expect(input.value).toBe('新名称');
    fireEvent.click((await dialog()).getByText('确定'));
    await waitFor(() => expect(closed).toBe(1));
    expect(saved).toEqual([{ name: '新名称' }]);
    expect(await screen.findByText('保存成功！')).toBeTruthy();
  });

  it('refuses an invalid form and stays open when the save fails', async () => {
    let calls = 0;
    let closed = 0;
    render(
      <Harness
        initial={{ name: '' }}
        success="角色保存成功！"
        onSave={async () => {
          calls++;
          throw new Error('服务器拒绝');
        }}
        onClose={() => void closed++}
      />,
    );
    const d = await dialog();
    fireEvent.click(d.getByText('确定'));
    expect(await screen.findByText('名称不能为空！')).toBeTruthy();
    expect(calls).toBe(0);
    fireEvent.change(d.getByLabelText('名称'), { target: { value: '甲' } });
    fireEvent.click(d.getByText('确定'));
    await waitFor(() => expect(calls).toBe(1));
    expect(closed).toBe(0);
    expect(screen.queryByText('角色保存成功！')).toBeNull();
  });

  it('closes when the record cannot be loaded', async () => {
    let closed = 0;
    render(<Harness initial={undefined} failed onSave={async () => undefined} onClose={() => void closed++} />);
    await waitFor(() => expect(closed).toBe(1));
  });
});
