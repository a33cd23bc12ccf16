import { Code, type CertOrientation, type CertPageSize } from '@exam/contracts';
import { AppError, cjkGlyphs, fmtTime, type GlyphSource } from '@exam/server-kit';
import { verifyUrl } from '../badge/credential';
import type { CertFiles } from '../files/cert-files';
import { type CertValues, renderCertPdf } from '../render/cert-pdf';
import type { GrantRow, TmplRow } from './grant-repository';

/** `2026-11-27 …` → 2026年11月27日 (the site's day). */
const chineseDate = (d: Date) => {
  const [y, m, day] = fmtTime(d).slice(0, 10).split('-');
  return `${y}年${Number(m)}月${Number(day)}日`;
};

/** What the template's text elements show for a grant. */
export function valuesOf(g: GrantRow, origin: string): CertValues {
  return {
    realName: g.realName,
    number: g.number,
    title: g.title,
    sourceTitle: g.sourceTitle,
    department: g.deptName,
    score: g.score === null ? '' : String(Math.round(g.score * 100) / 100),
    grantDate: chineseDate(g.grantTime),
    expireDate: g.expireTime ? chineseDate(g.expireTime) : '长期有效',
    verifyUrl: verifyUrl(origin, g.code),
  };
}

/** Renders a grant's PDF from its template: the background and seal pictures from storage, the text in a CJK font subset. */
export function grantRenderer({ files, origin }: { files: CertFiles; origin: string }) {
  let glyphs: Promise<GlyphSource | null> | undefined;
  return async (g: GrantRow, t: TmplRow): Promise<Uint8Array> => {
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
      valuesOf(g, origin),
      font,
    );
  };
}
