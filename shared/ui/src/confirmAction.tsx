import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title?: ReactNode;
  content: ReactNode;
  /** When set, the user must type this text before OK is accepted (spec admin §5). */
  phrase?: string;
}

// Loaded when first asked: a shell's header offers 退出 on every page, but Modal (and its focus lock) is rarely needed.
const load = () => import('./lazy/parts/confirm');

/** Loads the dialog ahead, where a confirmation must open even offline (the exam screen's 交卷). */
export function preloadConfirm(): void {
  load().catch(() => undefined); // confirmAction loads again and reports
}

/** Asks for confirmation; resolves true on OK, false on cancel. */
export async function confirmAction({ title = '提示', content, phrase }: ConfirmOptions): Promise<boolean> {
  const { Modal, Input, Message } = await load();
  return new Promise((resolve) => {
    let typed = '';
    Modal.confirm({
      title,
      // A second click of the button that asked (a double click on 交卷) lands on the mask: it must not answer.
      maskClosable: false,
      content: phrase ? (
        <div>
          <div>{content}</div>
          <Input style={{ marginTop: 12 }} placeholder={phrase} onChange={(value) => (typed = value)} />
        </div>
      ) : (
        content
      ),
      onOk: () => {
        if (phrase && typed !== phrase) {
          const msg = `请输入：【${phrase}】来确认操作！`;
          Message.warning(msg);
          // Arco's confirm stays open when onOk returns a rejected promise.
          return Promise.reject(new Error(msg));
        }
        resolve(true);
      },
      onCancel: () => resolve(false),
    });
  });
}
