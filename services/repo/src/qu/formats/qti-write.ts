import { QU_TYPES, QuType, SCALE_TYPES, abcOf } from '@exam/contracts';
import { type FullQu, splitAlternatives } from '@exam/server-kit';
import {
  type ExportNote,
  type ImportImage,
  JUDGE_TEXTS,
  decodeEntities,
  isJudgeLike,
  titleOf,
  withOptionImage,
} from './import-item';
import { BLANK_MARKS, FEEDBACK, HARD_CLASS, SCALE_CLASS, SUB_CLASS, isTrueFalse } from './qti';
import { type ZipFileEntry, zipFiles } from './zip';

const NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const XSD = 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd';
const CP_NS = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';
const CP_XSD = 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const TEMPLATES = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates';

/** XML text and attribute values; characters XML 1.0 cannot hold at all are left out. */
const esc = (s: string) =>
  s
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** What writing one item needs: where its pictures go, and what it could not keep. */
type Writer = { src: (url: string) => string; notes: string[] };

const VOID = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));
/** A comment, a tag (no raw `<` inside: a stray one is text), a lone `<`, or text. */
const TOKENS = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][\w:-]*)((?:"[^"]*"|'[^']*'|[^'"<>])*)>|<|[^<]+/g;
const ATTRS = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>`]+)))?/g;
const MARKS = new RegExp(`(${BLANK_MARKS.source})`);

/**
 * The editor's HTML as the XHTML of an item body: tags balanced, void ones closed, attributes quoted, entities as
 * characters, comments dropped; pictures' addresses through `w.src`; blank marks of the text through `blank`.
 */
function xhtml(html: string, w: Writer, blank?: (mark: string) => string): string {
  let out = '';
  const open: string[] = [];
  for (const [token, close, tag, rest] of html.matchAll(TOKENS)) {
    if (token.startsWith('<!--')) continue;
    if (tag === undefined) {
      const text = decodeEntities(token);
      // Split at the marks, the marks at odd places.
      out += blank
        ? text
            .split(MARKS)
            .map((p, i) => (i % 2 ? blank(p) : esc(p)))
            .join('')
        : esc(text);
      continue;
    }
    const name = tag.toLowerCase();
    // A prefixed name would need a namespace declared: the tag goes, its content stays.
    if (name.includes(':')) continue;
    if (close) {
      const at = open.lastIndexOf(name);
      if (at >= 0)
        out += open
          .splice(at)
          .reverse()
          .map((n) => `</${n}>`)
          .join('');
      continue;
    }
    const seen = new Set<string>();
    let attrs = '';
    for (const [, key0, ...values] of rest.matchAll(ATTRS)) {
      const key = key0.toLowerCase();
      if (!/^[a-z_][\w.-]*$/.test(key) || key.startsWith('xmlns') || seen.has(key)) continue;
      seen.add(key);
      const value = decodeEntities(values.find((v) => v !== undefined) ?? '');
      attrs += ` ${key}="${esc(name === 'img' && key === 'src' ? w.src(value) : value)}"`;
    }
    if (VOID.has(name)) out += `<${name}${attrs}/>`;
    else {
      out += `<${name}${attrs}>`;
      open.push(name);
    }
  }
  return (
    out +
    open
      .reverse()
      .map((n) => `</${n}>`)
      .join('')
  );
}

/** A response: its declaration, and how it is scored (right answer, mapped scores, or by a person). */
type Resp = { id: string; xml: string; rule: 'correct' | 'map' | 'none' };
function declare(id: string, cardinality: string, baseType: string, correct: string[], mapping?: [string, number][]) {
  const values = correct.map((v) => `<qti-value>${esc(v)}</qti-value>`).join('');
  const entries = (mapping ?? [])
    .map(([k, v]) => `<qti-map-entry map-key="${esc(k)}" mapped-value="${v}" case-sensitive="true"/>`)
    .join('');
  const xml = `<qti-response-declaration identifier="${id}" cardinality="${cardinality}" base-type="${baseType}">${
    values ? `<qti-correct-response>${values}</qti-correct-response>` : ''
  }${entries ? `<qti-mapping default-value="0">${entries}</qti-mapping>` : ''}</qti-response-declaration>`;
  return { id, xml, rule: mapping ? 'map' : correct.length ? 'correct' : 'none' } satisfies Resp;
}

/** How many responses a question has: one per blank, one for any other type. */
const responsesOf = (q: FullQu) => (q.quType === QuType.FILL ? Math.max(1, q.options.length) : 1);

/** The body of one question (or composite child): its stem and interactions; its responses go to `resps`. */
function scopeOf(q: FullQu, w: Writer, next: () => string, resps: Resp[]): string {
  const stem = () => xhtml(q.content, w);
  const option = (o: { content: string; image: string }) => xhtml(withOptionImage(o.content, o.image), w);
  if (q.quType === QuType.FILL) {
    const ids = q.options.map(() => next());
    let k = 0;
    const entry = (id: string, mark = '') =>
      `<qti-text-entry-interaction response-identifier="${id}"${mark ? ` label="${esc(mark)}"` : ''}/>`;
    let body = xhtml(q.content, w, (mark) => (k < ids.length ? entry(ids[k++], mark) : esc(mark)));
    if (k < ids.length) {
      w.notes.push('题干中的空（____）少于答案数，其余的空写在题干末尾');
      body += `<p>${ids
        .slice(k)
        .map((id) => entry(id))
        .join(' ')}</p>`;
    }
    for (const [i, o] of q.options.entries()) {
      const alternatives = splitAlternatives(o.answer);
      // A blank with alternatives maps each one to a point; match_correct would accept only the first.
      const mapping = alternatives.length > 1 ? alternatives.map((a): [string, number] => [a, 1]) : undefined;
      resps.push(declare(ids[i], 'single', 'string', alternatives.slice(0, 1), mapping));
    }
    return body;
  }
  const id = next();
  if (q.quType === QuType.MATCH) {
    const rights = [...new Set(q.options.map((o) => o.answer))];
    const n = q.options.length;
    const lefts = q.options.map(
      (o, i) =>
        `<qti-simple-associable-choice identifier="L${i + 1}" match-max="1">${option(o)}</qti-simple-associable-choice>`,
    );
    const targets = rights.map(
      (r, i) =>
        `<qti-simple-associable-choice identifier="R${i + 1}" match-max="${n}">${esc(r)}</qti-simple-associable-choice>`,
    );
    const pairs = q.options.map((o, i) => `L${i + 1} R${rights.indexOf(o.answer) + 1}`);
    resps.push(declare(id, 'multiple', 'directedPair', pairs));
    return [
      stem(),
      `<qti-match-interaction response-identifier="${id}" max-associations="${n}" shuffle="false">`,
      `<qti-simple-match-set>${lefts.join('')}</qti-simple-match-set>`,
      `<qti-simple-match-set>${targets.join('')}</qti-simple-match-set>`,
      '</qti-match-interaction>',
    ].join('\n');
  }
  if (q.quType === QuType.SHORT) {
    if (q.keywords) w.notes.push('关键词未导出');
    resps.push(declare(id, 'single', 'string', []));
    const rubric = q.refAnswer
      ? `<qti-rubric-block use="scoring" view="scorer"><qti-content-body>${xhtml(q.refAnswer, w)}</qti-content-body></qti-rubric-block>`
      : '';
    return [stem(), `<qti-extended-text-interaction response-identifier="${id}"/>`, rubric].join('\n');
  }
  // The choice types: right options as the correct response, or (scale types) each option's score mapped.
  let opts: Pick<FullQu['options'][number], 'content' | 'image' | 'isRight' | 'score'>[] = q.options;
  if (q.quType === QuType.JUDGE) {
    if (!isJudgeLike(opts)) w.notes.push('判断题的选项写成“正确/错误”');
    const isTrue = !!opts[0]?.isRight;
    opts = JUDGE_TEXTS.map((content, i) => ({ content, image: '', isRight: (i === 0) === isTrue, score: 0 }));
  }
  if (q.quType === QuType.SINGLE && isTrueFalse(opts)) w.notes.push('选项为“正确/错误”的单选题导入后为判断题');
  const scale = SCALE_TYPES.includes(q.quType);
  const multi = q.quType === QuType.MULTIPLE || q.quType === QuType.SCORE_MULTI;
  const ids = opts.map((_, i) => abcOf(i));
  resps.push(
    declare(
      id,
      multi ? 'multiple' : 'single',
      'identifier',
      scale ? [] : ids.filter((_, i) => opts[i].isRight),
      scale ? opts.map((o, i) => [ids[i], o.score]) : undefined,
    ),
  );
  const cls = q.quType === QuType.SCALE ? ` class="${SCALE_CLASS}"` : '';
  return [
    stem(),
    `<qti-choice-interaction response-identifier="${id}" max-choices="${multi ? 0 : 1}" shuffle="false"${cls}>`,
    ...opts.map((o, i) => `<qti-simple-choice identifier="${ids[i]}">${option(o)}</qti-simple-choice>`),
    '</qti-choice-interaction>',
  ].join('\n');
}

/**
 * Scoring for other players: one response uses the standard templates; several (blanks, children) add their
 * points to SCORE one by one, as the templates score RESPONSE only. The platform grades by its own rules.
 */
function processingOf(resps: Resp[]): string {
  const [only] = resps;
  if (resps.length === 1 && only.id === 'RESPONSE')
    return only.rule === 'none'
      ? ''
      : `<qti-response-processing template="${TEMPLATES}/${only.rule === 'map' ? 'map_response' : 'match_correct'}.xml"/>`;
  const add = (points: string) =>
    `<qti-set-outcome-value identifier="SCORE"><qti-sum><qti-variable identifier="SCORE"/>${points}</qti-sum></qti-set-outcome-value>`;
  const rules = resps
    .filter((r) => r.rule !== 'none')
    .map((r) => {
      const given = `<qti-variable identifier="${r.id}"/>`;
      const condition =
        r.rule === 'map'
          ? `<qti-not><qti-is-null>${given}</qti-is-null></qti-not>${add(`<qti-map-response identifier="${r.id}"/>`)}`
          : `<qti-match>${given}<qti-correct identifier="${r.id}"/></qti-match>${add('<qti-base-value base-type="float">1</qti-base-value>')}`;
      return `<qti-response-condition><qti-response-if>${condition}</qti-response-if></qti-response-condition>`;
    });
  return rules.length ? `<qti-response-processing>${rules.join('')}</qti-response-processing>` : '';
}

const feedbackOf = (tag: string, html: string, w: Writer) =>
  `<${tag} outcome-identifier="${FEEDBACK}" identifier="ANALYSIS" show-hide="show"><qti-content-body>${xhtml(html, w)}</qti-content-body></${tag}>`;

/** One question as a QTI 3.0 item file. */
function itemXml(q: FullQu, n: number, w: Writer): string {
  const composite = q.quType === QuType.COMPOSITE;
  const total = composite ? q.subs.reduce((s, x) => s + responsesOf(x), 0) : responsesOf(q);
  let k = 0;
  // A lone response is RESPONSE, the name the response processing templates score.
  const next = () => (total === 1 ? 'RESPONSE' : `RESPONSE_${++k}`);
  const resps: Resp[] = [];
  const body = composite
    ? [
        xhtml(q.content, w),
        ...q.subs.map((s) => {
          const cls = s.level === 2 ? `${SUB_CLASS} ${HARD_CLASS}` : SUB_CLASS;
          const analysis = s.analysis ? `\n${feedbackOf('qti-feedback-block', s.analysis, w)}` : '';
          return `<div class="${cls}">\n${scopeOf(s, w, next, resps)}${analysis}\n</div>`;
        }),
      ].join('\n')
    : scopeOf(q, w, next, resps);
  const feedback = !!q.analysis || q.subs.some((s) => s.analysis);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<qti-assessment-item xmlns="${NS}" xmlns:xsi="${XSI}" xsi:schemaLocation="${NS} ${XSD}" identifier="ITEM_${n}" title="${esc(decodeEntities(titleOf(q, n)))}" adaptive="false" time-dependent="false" xml:lang="zh-CN">`,
    ...resps.map((r) => r.xml),
    '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>',
    feedback ? `<qti-outcome-declaration identifier="${FEEDBACK}" cardinality="single" base-type="identifier"/>` : '',
    `<qti-item-body${q.level === 2 ? ` class="${HARD_CLASS}"` : ''}>`,
    body,
    '</qti-item-body>',
    processingOf(resps),
    q.analysis ? feedbackOf('qti-modal-feedback', q.analysis, w) : '',
    '</qti-assessment-item>',
    '',
  ]
    .filter((l, i, all) => l || i === all.length - 1)
    .join('\n');
}

type Entry = { id: string; href: string; files: string[]; chapter: string };
/** The manifest: one resource per item in order; chapters as folders of the organization, a run of items each. */
function manifestXml(entries: Entry[]): string {
  const runs: { chapter: string; refs: string[] }[] = [];
  for (const e of entries) {
    const ref = `<item identifier="I_${e.id}" identifierref="${e.id}"/>`;
    const last = runs.at(-1);
    if (last && last.chapter === e.chapter) last.refs.push(ref);
    else runs.push({ chapter: e.chapter, refs: [ref] });
  }
  const tree = runs.flatMap((r, i) =>
    r.chapter ? [`<item identifier="CHAPTER_${i + 1}"><title>${esc(r.chapter)}</title>`, ...r.refs, '</item>'] : r.refs,
  );
  const organizations = runs.some((r) => r.chapter)
    ? `<organizations default="ORG"><organization identifier="ORG" structure="hierarchical"><title>题库</title>\n${tree.join('\n')}\n</organization></organizations>`
    : '<organizations/>';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<manifest xmlns="${CP_NS}" xmlns:xsi="${XSI}" xsi:schemaLocation="${CP_NS} ${CP_XSD}" identifier="MANIFEST">`,
    '<metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>',
    organizations,
    '<resources>',
    ...entries.map(
      (e) =>
        `<resource identifier="${e.id}" type="imsqti_item_xmlv3p0" href="${esc(e.href)}">${[e.href, ...e.files]
          .map((f) => `<file href="${esc(f)}"/>`)
          .join('')}</resource>`,
    ),
    '</resources>',
    '</manifest>',
    '',
  ].join('\n');
}

/**
 * Writes stored questions as a QTI 3.0 content package (a zip): `imsmanifest.xml`, one `item-N.xml` per question,
 * and under `images/` the pictures `imageData` gives the bytes of (others keep their URLs). Chapters become folders
 * of the manifest's organization; what QTI has no field for rides as described in `qti.ts`. `notes` lists what a
 * question lost; `skipped`, questions of a type QTI has no form for (none of the platform's types).
 */
export function writeQtiPackage(
  questions: FullQu[],
  chapterOf: (chapterId: string) => string,
  imageData?: (url: string) => ImportImage | undefined,
): { data: Buffer; skipped: ExportNote[]; notes: ExportNote[] } {
  const skipped: ExportNote[] = [];
  const notes: ExportNote[] = [];
  const items: ZipFileEntry[] = [];
  const images: ZipFileEntry[] = [];
  const entries: Entry[] = [];
  const pathOf = new Map<string, string>();
  const taken = new Set<string>();
  /** A picture's path in the package, stored once however many questions show it ('' without its bytes). */
  const imagePath = (url: string) => {
    if (!pathOf.has(url)) {
      const d = imageData?.(url);
      let path = '';
      if (d) {
        const name = d.name.replace(/[\\/:*?"<>|]/g, '_').replace(/^\.+/, '_') || 'image';
        path = `images/${name}`;
        for (let i = 2; taken.has(path.toLowerCase()); i++) path = `images/${i}-${name}`;
        taken.add(path.toLowerCase());
        images.push({ name: path, data: d.data });
      }
      pathOf.set(url, path);
    }
    return pathOf.get(url)!;
  };
  for (const q of questions) {
    if (!(QU_TYPES as readonly number[]).includes(q.quType)) {
      skipped.push({ id: q.id, reason: `题型“${q.quType}”不能写成 QTI` });
      continue;
    }
    const n = entries.length + 1;
    const files = new Set<string>();
    const w: Writer = {
      notes: [],
      src: (url) => {
        const path = imagePath(url);
        if (!path) return url;
        files.add(path);
        return path.split('/').map(encodeURIComponent).join('/');
      },
    };
    const href = `item-${n}.xml`;
    items.push({ name: href, data: Buffer.from(itemXml(q, n, w)) });
    entries.push({ id: `ITEM_${n}`, href, files: [...files], chapter: chapterOf(q.chapterId) });
    for (const reason of new Set(w.notes)) notes.push({ id: q.id, reason });
  }
  const manifest = { name: 'imsmanifest.xml', data: Buffer.from(manifestXml(entries)) };
  return { data: zipFiles([manifest, ...items, ...images]), skipped, notes };
}
