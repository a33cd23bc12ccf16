import {
  CERT_ALIGNS,
  CERT_ELEMENT_TYPES,
  CERT_LIMITS,
  CERT_ORIENTATIONS,
  CERT_PAGE_SIZES,
  type CertOrientation,
  type CertPageSize,
  type CertTmplSaveReq,
} from '@exam/contracts';
import { badRequest, imageSize, type schema } from '@exam/server-kit';
import { PDFDocument } from 'pdf-lib';
import type { CertFiles } from '../files/cert-files';
import { pageOf } from '../render/cert-pdf';

type CertElementRow = schema.CertElementRow;
const BOXED = new Set(['qrcode', 'seal']);
const COLOR = /^#[0-9a-fA-F]{6}$/;
const { fontSize: FONT, imageWidth: WIDTH } = CERT_LIMITS;

/** A template as stored, once every part of it is checked. */
export type CheckedTmpl = {
  name: string;
  pageSize: CertPageSize;
  orientation: CertOrientation;
  bgImage: string;
  bgStorage: string;
  bgKey: string;
  elements: CertElementRow[];
};

/**
 * Checks a template before anything is written: page, element types, positions on the page, sizes, colours, texts,
 * and the pictures (our own uploads, PNG or JPEG, within the byte and pixel limits, readable). Every refusal is a
 * 400 naming what is wrong.
 */
export async function checkTemplate(b: CertTmplSaveReq, files: CertFiles): Promise<CheckedTmpl> {
  const name = b.name.trim();
  if (!name) throw badRequest('请输入证书模板名称！');
  if (!Object.hasOwn(CERT_PAGE_SIZES, b.pageSize)) throw badRequest('证书纸张大小只能是 A4 或 A5！');
  if (!(CERT_ORIENTATIONS as readonly string[]).includes(b.orientation))
    throw badRequest('证书纸张方向只能是横向或纵向！');
  const pageSize = b.pageSize as CertPageSize;
  const orientation = b.orientation as CertOrientation;
  if (b.elements.length > CERT_LIMITS.elements) throw badRequest(`证书模板元素不能超过 ${CERT_LIMITS.elements} 个！`);
  const [W, H] = pageOf(pageSize, orientation);

  const elements: CertElementRow[] = [];
  for (const e of b.elements) {
    if (!(CERT_ELEMENT_TYPES as readonly string[]).includes(e.type))
      throw badRequest(`证书模板元素类型不支持：${e.type.slice(0, 32)}！`);
    if (!(e.x >= 0 && e.x <= W && e.y >= 0 && e.y <= H)) throw badRequest('证书模板元素位置超出页面！');
    const el: CertElementRow = { type: e.type, x: round(e.x), y: round(e.y) };
    if (BOXED.has(e.type)) {
      const width = e.width ?? (e.type === 'qrcode' ? 80 : 120);
      if (width < WIDTH.min || width > WIDTH.max)
        throw badRequest(`证书二维码和印章的宽度需在 ${WIDTH.min} 到 ${WIDTH.max} 之间！`);
      el.width = round(width);
    } else {
      const fontSize = e.fontSize ?? 16;
      if (fontSize < FONT.min || fontSize > FONT.max)
        throw badRequest(`证书模板字号需在 ${FONT.min} 到 ${FONT.max} 之间！`);
      if (e.color !== undefined && !COLOR.test(e.color)) throw badRequest('证书模板文字颜色格式不正确（如 #333333）！');
      if (e.align !== undefined && !(CERT_ALIGNS as readonly string[]).includes(e.align))
        throw badRequest('证书模板对齐方式只能是左、中、右！');
      if ((e.text ?? '').length > CERT_LIMITS.textLength)
        throw badRequest(`证书模板文字不能超过 ${CERT_LIMITS.textLength} 个字符！`);
      if (e.type === 'text' && !e.text?.trim()) throw badRequest('证书模板的自定义文字不能为空！');
      Object.assign(el, {
        fontSize,
        color: e.color ?? '#000000',
        align: e.align ?? 'left',
        ...(e.text ? { text: e.text } : {}),
      });
    }
    elements.push(el);
  }

  for (const [i, el] of elements.entries()) {
    if (el.type === 'qrcode' && (el.x + el.width! > W || el.y + el.width! > H))
      throw badRequest('证书模板元素位置超出页面！');
    if (el.type !== 'seal') continue;
    const src = b.elements[i]!.image?.trim();
    if (!src) throw badRequest('请上传证书印章图片！');
    const img = await checkImage(src, files, '印章');
    if (el.y + (el.width! * img.height) / img.width > H || el.x + el.width! > W)
      throw badRequest('证书模板元素位置超出页面！');
    Object.assign(el, { image: src, storage: img.storage, key: img.key });
  }

  const bgImage = b.bgImage?.trim() ?? '';
  const bg = bgImage ? await checkImage(bgImage, files, '背景') : null;
  return { name, pageSize, orientation, bgImage, bgStorage: bg?.storage ?? '', bgKey: bg?.key ?? '', elements };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A template picture: one of our uploads, PNG or JPEG, within the limits, and one the PDF library can read. */
async function checkImage(url: string, files: CertFiles, what: string) {
  const stored = await files.storedImage(url);
  if (!stored) throw badRequest(`证书${what}图片无效，请重新上传！`);
  const bytes = await files.image(stored);
  if (!bytes || bytes.length > CERT_LIMITS.imageBytes)
    throw badRequest(`证书${what}图片不能超过 ${CERT_LIMITS.imageBytes / 1024 / 1024}MB！`);
  const png = bytes[0] === 0x89 && bytes.toString('latin1', 1, 4) === 'PNG';
  const jpg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (!png && !jpg) throw badRequest(`证书${what}图片只能是 PNG 或 JPG 格式！`);
  const size = imageSize(bytes, png ? 'png' : 'jpg');
  if (!size || size.width < 1 || size.height < 1) throw badRequest(`证书${what}图片无法读取，请重新上传！`);
  if (size.width > CERT_LIMITS.imagePixels || size.height > CERT_LIMITS.imagePixels) {
    throw badRequest(`证书${what}图片尺寸过大（不超过 ${CERT_LIMITS.imagePixels}×${CERT_LIMITS.imagePixels} 像素）！`);
  }
  try {
    const doc = await PDFDocument.create();
    await (png ? doc.embedPng(bytes) : doc.embedJpg(bytes));
  } catch {
    throw badRequest(`证书${what}图片无法读取，请重新上传！`);
  }
  return { ...stored, ...size };
}
