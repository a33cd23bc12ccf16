import { posix } from 'node:path';
import { AppError, badRequest } from '@exam/server-kit';
import { SaxesParser } from 'saxes';
import { type ImportImage, LOST, imageRef, mimeOfName } from './import-item';
import { DOCTYPE_REFUSED } from './import-item';
import { classesOf } from './qti';

/* The XML of QTI items and manifests as trees, and item bodies as the editor's HTML. */

/**
 * An element with its text where it stands (item bodies are mixed content). QTI 3.0 names are read as QTI 2.x
 * names (`qti-simple-choice` → `simpleChoice`, `max-choices` → `maxChoices`), so one reader serves both; `qti`
 * tells QTI elements from the XHTML around them, `raw` is the name as written (for messages).
 */
export type Node = El | string;
export type El = { name: string; raw: string; qti: boolean; attrs: Record<string, string>; kids: Node[] };
export const isEl = (n: Node): n is El => typeof n !== 'string';
export const kidsOf = (e: El | undefined, name: string) => (e?.kids ?? []).filter(isEl).filter((k) => k.name === name);
export const kid = (e: El | undefined, name: string) => kidsOf(e, name)[0];
export const textOf = (n: Node): string => (typeof n === 'string' ? n : n.kids.map(textOf).join(''));
export const hasClass = (e: El | undefined, cls: string) => classesOf(e?.attrs.class).includes(cls);

/** Items nest a dozen deep; far deeper is no item (and would only cost stack). */
const MAX_DEPTH = 64;
/** Elements of a QTI 2.x item body that are not XHTML (3.0 marks its own with `qti-`). */
const QTI2_BODY = new Set(
  'prompt simpleChoice simpleMatchSet simpleAssociableChoice rubricBlock feedbackBlock feedbackInline templateBlock templateInline printedVariable infoControl'.split(
    ' ',
  ),
);
const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** One XML file as a tree; refused whole (the package) for a DOCTYPE, an Error with the reason otherwise. */
export function parseXml(buf: Buffer): El {
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw new Error('不是 UTF-8 编码的 XML');
  }
  const parser = new SaxesParser();
  const stack: El[] = [];
  let root: El | undefined;
  let v3 = false;
  parser.on('doctype', () => {
    throw badRequest(DOCTYPE_REFUSED);
  });
  parser.on('xmldecl', (d) => {
    if (d.encoding && !/^utf-?8$/i.test(d.encoding)) throw new Error('不是 UTF-8 编码的 XML');
  });
  parser.on('opentag', (t) => {
    if (stack.length >= MAX_DEPTH) throw new Error('XML 嵌套层次过深');
    const local = t.name.slice(t.name.indexOf(':') + 1);
    if (!root) v3 = local.startsWith('qti-');
    const qti = v3 ? local.startsWith('qti-') : QTI2_BODY.has(local) || local.endsWith('Interaction');
    const attrs =
      v3 && qti
        ? Object.fromEntries(
            Object.entries(t.attributes).map(([k, v]) => [k.includes(':') || k.startsWith('data-') ? k : camel(k), v]),
          )
        : t.attributes;
    const el: El = { name: v3 && qti ? camel(local.slice(4)) : local, raw: t.name, qti, attrs, kids: [] };
    if (stack.length) stack[stack.length - 1].kids.push(el);
    else root = el;
    stack.push(el);
  });
  const onText = (s: string) => stack.at(-1)?.kids.push(s);
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => stack.pop());
  try {
    parser.write(xml).close();
  } catch (e) {
    if (e instanceof AppError) throw e;
    const m = /^(\d+):(\d+): (.*)$/s.exec((e as Error).message);
    throw new Error(m ? `不是有效的 XML（第${m[1]}行第${m[2]}列：${m[3]}）` : (e as Error).message);
  }
  if (!root) throw new Error('不是有效的 XML（没有根元素）');
  return root;
}

/** What reading one item needs: the package's files, the pictures found so far, the item's folder and notes. */
export type Ctx = {
  files: Map<string, Buffer>;
  images: ImportImage[];
  seen: Map<string, number>;
  dir: string;
  notes: string[];
};

/** A picture's address: a file of the package becomes an image of the import; a URL or a site path stays. */
function srcOf(src: string, c: Ctx): string {
  if (!src || /^([a-z][\w+.-]*:|\/|#)/i.test(src)) return src;
  let rel = src.replace(/[?#].*$/, '');
  try {
    rel = decodeURIComponent(rel);
  } catch {}
  const path = posix.normalize(posix.join(c.dir, rel));
  const data = c.files.get(path);
  if (!data) {
    c.notes.push(`图片“${rel}”没有随文件提供`);
    return src;
  }
  if (!c.seen.has(path)) {
    c.seen.set(path, c.images.length);
    c.images.push({ name: posix.basename(path), mime: mimeOfName(path), data });
  }
  return imageRef(c.seen.get(path)!);
}

const VOID = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Escaped as the sanitizer writes stored text, so that a stored question reads back as it was. */
export const escText = (s: string) => s.replace(/[&<>]/g, (ch) => ENTITY[ch]);
const escAttr = (s: string) => s.replace(/[&"]/g, (ch) => ENTITY[ch]);
/** Replaces an element of the body (an interaction, a rubric…) by the returned text; undefined: as usual. */
export type Hook = (el: El) => string | undefined;

/** XHTML of the item as the editor's HTML: QTI elements left out unless `hook` places them, pictures resolved. */
export function html(nodes: Node[], c: Ctx, hook?: Hook): string {
  let out = '';
  for (const n of nodes) {
    if (typeof n === 'string') {
      out += escText(n);
      continue;
    }
    const placed = hook?.(n);
    if (placed !== undefined) out += placed;
    else if (n.qti) {
      // QTI 3.0 wraps feedback and rubric content in a body; printed variables and templates show nothing here.
      if (n.name === 'contentBody') out += html(n.kids, c, hook);
      if (n.name === 'feedbackInline' || n.name === 'feedbackBlock') c.notes.push(LOST.feedback);
    } else if (n.name === 'object') {
      const data = n.attrs.data ?? '';
      if ((n.attrs.type ?? mimeOfName(data)).startsWith('image/')) out += `<img src="${escAttr(srcOf(data, c))}">`;
      else {
        c.notes.push(`媒体“${data}”未导入`);
        out += html(n.kids, c, hook);
      }
    } else {
      const attrs = Object.entries(n.attrs)
        .filter(([k]) => !k.includes(':') && !k.startsWith('xmlns'))
        .map(([k, v]) => ` ${k}="${escAttr(n.name === 'img' && k === 'src' ? srcOf(v, c) : v)}"`)
        .join('');
      out += VOID.has(n.name) ? `<${n.name}${attrs}>` : `<${n.name}${attrs}>${html(n.kids, c, hook)}</${n.name}>`;
    }
  }
  return out;
}
