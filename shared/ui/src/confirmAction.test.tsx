import { afterEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { confirmAction } from './index';
import { resetScreen } from './testing';

/** The dialog showing `text` (closed dialogs linger in the DOM while they animate out). */
const dialogOf = async (text: string) => within((await screen.findByText(text)).closest('.arco-modal') as HTMLElement);

describe('confirmAction', () => {
  afterEach(resetScreen);

  it('resolves true on OK and false on cancel', async () => {
    const ok = confirmAction({ content: '确实要删除吗?' });
    fireEvent.click((await dialogOf('确实要删除吗?')).getByText('确定'));
    expect(await ok).toBe(true);

    const cancelled = confirmAction({ content: '确实要退出吗？' });
    fireEvent.click((await dialogOf('确实要退出吗？')).getByText('取消'));
    expect(await cancelled).toBe(false);
  });

  it('with a phrase, stays open until the phrase is typed', async () => {
    const silenced = console.error;
    console.error = () => {}; // Arco logs the rejection that keeps the dialog open
    try {
      let settled = false;
      const answer = confirmAction({ content: '将清空全部数据', phrase: '确认清空' }).then((v) => {
        settled = true;
        return v;
      });
      const dialog = await dialogOf('将清空全部数据');
      const input = dialog.getByPlaceholderText('确认清空');
      fireEvent.change(input, { target: { value: '清空' } });
      fireEvent.click(dialog.getByText('确定'));
      expect(await screen.findByText('请输入：【确认清空】来确认操作！')).toBeTruthy();
      expect(settled).toBe(false);

      fireEvent.change(input, { target: { value: '确认清空' } });
      // After the refusal the OK button is briefly loading; wait until it accepts clicks again.
      await new Promise((r) => setTimeout(r, 0));
      fireEvent.click(dialog.getByText('确定'));
      expect(await answer).toBe(true);
    } finally {
      console.error = silenced;
    }
  });
});
