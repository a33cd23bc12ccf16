import { QU_TYPE_TITLES, QuType, SCALE_TYPES } from '@exam/contracts';
import { type FullQu, splitAlternatives } from '@exam/server-kit';
import { FILL_TAG, clozeTextOf } from './cloze';
import {
  type ExportNote,
  type ExportResult,
  HARD_TAG,
  type ImportImage,
  categoryOf,
  isJudgeLike,
  shareOf,
  titleOf,
  withOptionImage,
} from './import-item';

/* Moodle XML out: the writer of what moodle-xml.ts reads. */

/** XML text: the characters XML 1.0 cannot hold at all are left out. */
const esc = (s: string) =>
  s
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A rich field with its pictures as base64 files when `imageData` knows them (names unique in the field). */
function richEl(
  imageData: ((url: string) => ImportImage | undefined) | undefined,
  tag: string,
  html: string,
  attrs = '',
  inner = '',
): string {
  const files = new Map<string, { name: string; data: Buffer }>();
  const text = !imageData
    ? html
    : html.replace(/(<img\b[^>]*?\bsrc=")([^"]*)"/g, (m, head: string, url: string) => {
        if (!files.has(url)) {
          const d = imageData(url);
          if (!d) return m;
          const taken = [...files.values()].some((f) => f.name === d.name);
          files.set(url, { name: taken ? `${files.size + 1}-${d.name}` : d.name, data: d.data });
        }
        return `${head}@@PLUGINFILE@@/${encodeURIComponent(files.get(url)!.name)}"`;
      });
  const fileEls = [...files.values()].map(
    (f) => `<file name="${esc(f.name)}" path="/" encoding="base64">${f.data.toString('base64')}</file>`,
  );
  return `<${tag} format="html"${attrs}><text>${esc(text)}</text>${fileEls.join('')}${inner}</${tag}>`;
}
const plainEl = (tag: string, text: string, attrs = '') => `<${tag}${attrs}><text>${esc(text)}</text></${tag}>`;
/** Grades as Moodle writes them (seven decimals at most). */
const num = (n: number) => String(Number(n.toFixed(7)));

type Written = { type: string; parts: string[]; tags: string[]; grade: number };
type RichEl = (tag: string, html: string, attrs?: string, inner?: string) => string;

/** The type-specific elements of one question, or why Moodle cannot carry it. */
function writtenOf(q: FullQu, img: RichEl, notes: string[]): Written {
  const o = q.options;
  const option = (x: FullQu['options'][number], fraction: number) =>
    img('answer', withOptionImage(x.content, x.image), ` fraction="${num(fraction)}"`);
  const choice = (single: boolean, fraction: (x: FullQu['options'][number]) => number) => [
    `<single>${single}</single>`,
    '<shuffleanswers>true</shuffleanswers>',
    '<answernumbering>ABCD</answernumbering>',
    ...o.map((x) => option(x, fraction(x))),
  ];
  const w = (type: string, parts: string[], more: Partial<Written> = {}): Written => ({
    type,
    parts,
    tags: [],
    grade: 1,
    ...more,
  });
  if (SCALE_TYPES.includes(q.quType)) {
    // Scale types as Moodle's graded multiple choice: the question's grade is the best single score (the sum of
    // scores when several can be picked), each option's fraction its share; the type rides as a tag.
    const multi = q.quType === QuType.SCORE_MULTI;
    const scores = o.map((x) => x.score);
    const grade = multi ? scores.reduce((s, x) => s + x, 0) : Math.max(0, ...scores);
    return w(
      'multichoice',
      choice(!multi, (x) => (grade ? (x.score / grade) * 100 : 0)),
      {
        tags: [QU_TYPE_TITLES[q.quType]],
        grade,
      },
    );
  }
  switch (q.quType) {
    case QuType.SINGLE:
      return w(
        'multichoice',
        choice(true, (x) => (x.isRight ? 100 : 0)),
      );
    case QuType.MULTIPLE: {
      const share = shareOf(o.filter((x) => x.isRight).length);
      return w(
        'multichoice',
        choice(false, (x) => (x.isRight ? share : -100)),
      );
    }
    case QuType.JUDGE: {
      if (!isJudgeLike(o)) notes.push('判断题的选项写成“正确/错误”');
      const isTrue = !!o[0]?.isRight;
      return w('truefalse', [
        plainEl('answer', 'true', ` fraction="${isTrue ? 100 : 0}" format="moodle_auto_format"`),
        plainEl('answer', 'false', ` fraction="${isTrue ? 0 : 100}" format="moodle_auto_format"`),
      ]);
    }
    case QuType.FILL:
      if (o.length === 1)
        // Case-sensitive, as the platform grades blanks.
        return w('shortanswer', [
          '<usecase>1</usecase>',
          ...splitAlternatives(o[0].answer).map((a) =>
            plainEl('answer', a, ' fraction="100" format="moodle_auto_format"'),
          ),
        ]);
      return w('multianswer', [], { tags: [FILL_TAG] });
    case QuType.MATCH:
      return w('matching', [
        '<shuffleanswers>true</shuffleanswers>',
        ...o.map((x) => img('subquestion', withOptionImage(x.content, x.image), '', plainEl('answer', x.answer))),
      ]);
    case QuType.SHORT:
      if (q.keywords) notes.push('关键词未导出');
      return w('essay', [
        '<responseformat>editor</responseformat>',
        '<responserequired>1</responserequired>',
        '<responsefieldlines>15</responsefieldlines>',
        '<attachments>0</attachments>',
        img('graderinfo', q.refAnswer),
        '<responsetemplate format="html"><text></text></responsetemplate>',
      ]);
    default:
      return w('multianswer', []);
  }
}

/**
 * Writes stored questions as Moodle XML: chapters as categories, level 较难 and the scale types as tags, analysis
 * as general feedback, pictures as base64 files when `imageData` gives their bytes. Composites become cloze
 * questions (children of a type a cloze cannot hold are listed in `skipped`), fill-ins with several blanks too.
 */
export function writeMoodleXml(
  questions: FullQu[],
  chapterOf: (chapterId: string) => string,
  imageData?: (url: string) => ImportImage | undefined,
): ExportResult {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  const skipped: ExportNote[] = [];
  const notes: ExportNote[] = [];
  const img: RichEl = (...a) => richEl(imageData, ...a);
  let chapter = '';
  for (const [i, q] of questions.entries()) {
    const lost: string[] = [];
    const written = writtenOf(q, img, lost);
    let content = q.content;
    if (written.type === 'multianswer') {
      const cloze = clozeTextOf(q, lost);
      if ('reason' in cloze) {
        skipped.push({ id: q.id, reason: cloze.reason });
        continue;
      }
      content = cloze.text;
    }
    for (const reason of lost) notes.push({ id: q.id, reason });
    const c = chapterOf(q.chapterId);
    if (c !== chapter)
      out.push(`  <question type="category"><category><text>${esc(categoryOf(c))}</text></category></question>`);
    chapter = c;
    const tags = [...(q.level === 2 ? [HARD_TAG] : []), ...written.tags];
    out.push(
      `  <question type="${written.type}">`,
      ...[
        plainEl('name', titleOf(q, i + 1)),
        img('questiontext', content),
        img('generalfeedback', q.analysis),
        `<defaultgrade>${num(written.grade)}</defaultgrade>`,
        ...written.parts,
        ...(tags.length ? [`<tags>${tags.map((t) => plainEl('tag', t)).join('')}</tags>`] : []),
      ].map((l) => `    ${l}`),
      '  </question>',
    );
  }
  out.push('</quiz>', '');
  return { text: out.join('\n'), skipped, notes };
}
