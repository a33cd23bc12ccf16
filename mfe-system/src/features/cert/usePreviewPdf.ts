import { useEffect, useState } from 'react';
import { ApiError, downloadBlob } from '@exam/api';
import { type CertTmplSaveReq, CertTmplCalls } from '@exam/contracts';

/** A burst of edits (a drag, typing) asks for one preview, this long after the last. */
export const PREVIEW_DELAY_MS = 400;

type Preview = { pdf?: Uint8Array; error: string; loading: boolean };

/**
 * The server's own rendering of the unsaved template (the PDF a certificate gets, with the sample holder). The last
 * good page stays while the next is drawn or when the template cannot be drawn (`error` says why, e.g. an element off
 * the page).
 */
export function usePreviewPdf(body: CertTmplSaveReq): Preview {
  const key = JSON.stringify(body);
  const [state, setState] = useState<Preview>({ error: '', loading: true });
  useEffect(() => {
    let stale = false;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(async () => {
      try {
        const blob = await downloadBlob(CertTmplCalls.preview.url, JSON.parse(key), { silent: true });
        const pdf = new Uint8Array(await blob.arrayBuffer());
        if (!stale) setState({ pdf, error: '', loading: false });
      } catch (e) {
        const error = e instanceof ApiError ? e.msg : '证书预览失败，请稍后重试！';
        if (!stale) setState((s) => ({ pdf: s.pdf, error, loading: false }));
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [key]);
  return state;
}
