import {
  CERT_PAGE_SIZES,
  CERT_SAMPLE,
  certPageOf,
  type CertElement,
  type CertElementType,
  type CertOrientation,
  type CertPageSize,
} from '@exam/contracts';

/** What the editor calls each element type. */
export const ELEMENT_TITLES: Record<CertElementType, string> = {
  realName: '姓名',
  number: '证书编号',
  title: '证书名称',
  sourceTitle: '考试/课程名称',
  score: '成绩',
  grantDate: '发放日期',
  expireDate: '有效期至',
  department: '部门',
  qrcode: '验证二维码',
  seal: '印章图片',
  text: '自定义文字',
};

/** Elements drawn as a square picture of `width` points rather than a line of text. */
export const isBoxed = (type: string) => type === 'qrcode' || type === 'seal';

export const DEFAULT_FONT_SIZE = 16;
const DEFAULT_BOX = { qrcode: 80, seal: 120 } as Record<string, number>;

/** Width and height of a page in points (an unknown size is drawn as A4). */
export const pageOf = (size: string, orientation: string) =>
  certPageOf((size in CERT_PAGE_SIZES ? size : 'A4') as CertPageSize, orientation as CertOrientation);

/** A new element in the middle of the page. */
export function newElement(type: CertElementType, [W, H]: [number, number]): CertElement {
  if (isBoxed(type)) {
    const width = DEFAULT_BOX[type];
    return { type, x: Math.round((W - width) / 2), y: Math.round((H - width) / 2), width };
  }
  return {
    type,
    x: Math.round(W / 2),
    y: Math.round(H / 2),
    fontSize: type === 'title' ? 36 : DEFAULT_FONT_SIZE,
    color: '#333333',
    align: 'center',
    ...(type === 'text' ? { text: '兹证明' } : {}),
  };
}

/** `2026年1月5日`, as the certificate writes dates. */
const chineseDate = (d: Date) => `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;

/** The sample values the server's preview draws (the dates are today and two years on). */
function sampleOf(type: string): string {
  const today = new Date();
  if (type === 'grantDate') return chineseDate(today);
  if (type === 'expireDate') return chineseDate(new Date(today.getFullYear() + 2, today.getMonth(), today.getDate()));
  return (CERT_SAMPLE as Record<string, string>)[type] ?? '';
}

/** The text an element shows in the preview: free text, or the sample value put into its `{}` pattern. */
export function sampleText(el: CertElement): string {
  if (el.type === 'text') return el.text ?? '';
  const value = sampleOf(el.type);
  return el.text?.includes('{}') ? el.text.replaceAll('{}', value) : value;
}

/** About how wide the PDF's font draws a text, points: CJK and full-width glyphs a square, others about half. */
const textWidth = (text: string, size: number) =>
  [...text].reduce((w, ch) => w + (ch.charCodeAt(0) > 0x2e7f ? 1 : 0.56), 0) * size;

/** Where an element sits on the page, points from the top left (the editor's drag box). */
export function boxOf(el: CertElement): { left: number; top: number; width: number; height: number } {
  if (isBoxed(el.type)) {
    const w = el.width ?? DEFAULT_BOX[el.type];
    return { left: el.x, top: el.y, width: w, height: w };
  }
  const size = el.fontSize ?? DEFAULT_FONT_SIZE;
  const width = Math.max(textWidth(sampleText(el), size), size);
  const left = el.align === 'center' ? el.x - width / 2 : el.align === 'right' ? el.x - width : el.x;
  return { left, top: el.y, width, height: size * 1.1 };
}

/** Keeps an element's anchor on the page (a picture wholly on it), as the server requires. */
export function clampTo(el: CertElement, x: number, y: number, [W, H]: [number, number]): CertElement {
  const w = isBoxed(el.type) ? (el.width ?? DEFAULT_BOX[el.type]) : 0;
  const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(v, 0), Math.max(max, 0)));
  return { ...el, x: clamp(x, W - w), y: clamp(y, H - w) };
}
