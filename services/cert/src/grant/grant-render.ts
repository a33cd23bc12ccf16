import { verifyUrl } from '../badge/credential';
import type { CertFiles } from '../files/cert-files';
import type { CertValues } from '../render/cert-pdf';
import { chineseDate, tmplRenderer } from '../render/tmpl-render';
import type { GrantRow, TmplRow } from './grant-repository';

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

/** Renders a grant's PDF from its template. */
export function grantRenderer({ files, origin }: { files: CertFiles; origin: string }) {
  const render = tmplRenderer(files);
  return (g: GrantRow, t: TmplRow): Promise<Uint8Array> => render(t, valuesOf(g, origin));
}
