import { Code, type CertOrientation, type CertPageSize } from '@exam/contracts';
import { AppError, cjkGlyphs, fmtTime, type GlyphSource, type schema } from '@exam/server-kit';
import type { CertFiles } from '../files/cert-files';
import { type CertValues, renderCertPdf } from './cert-pdf';

/** What drawing a template needs: its page, where its background is stored, and its elements. */
export type TmplParts = {
  pageSize: string;
  orientation: string;
  bgStorage: string;
  bgKey: string;
  elements: schema.CertElementRow[];
};

/** `2026-11-27 …` → 2026年11月27日 (the site's day). */
export const chineseDate = (d: Date) => {
  const [y, m, day] = fmtTime(d).slice(0, 10).split('-');
  return `${y}年${Number(m)}月${Number(day)}日`;
};

/**
 * Renders a template with the given values (a grant's, or a preview's sample): the background and seal pictures from
 * storage, the text in a CJK font subset.
 */
export function tmplRenderer(files: CertFiles) {
  let glyphs: Promise<GlyphSource | null> | undefined;
  return async (t: TmplParts, values: CertValues): Promise<Uint8Array> => {
    const font = await (glyphs ??= cjkGlyphs());
    if (!font) throw new AppError(503, Code.SERVER_ERROR, '服务器缺少中文字体，暂时无法生成证书！');
    const images = new Map<string, Buffer>();
    for (const e of t.elements) {
      if (e.type !== 'seal' || !e.key) continue;
      const bytes = await files.image({ storage: e.storage ?? '', key: e.key });
      if (bytes) images.set(e.key, bytes);
    }
    const background = t.bgKey ? await files.image({ storage: t.bgStorage, key: t.bgKey }) : null;
    return renderCertPdf(
      {
        pageSize: t.pageSize as CertPageSize,
        orientation: t.orientation as CertOrientation,
        background,
        elements: t.elements,
        images,
      },
      values,
      font,
    );
  };
}
