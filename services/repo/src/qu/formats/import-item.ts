import { LEVEL_TITLES, type QuOptionEdit, type QuSaveReq } from '@exam/contracts';
import { type FullQu, badRequest, escapeHtml, richTextToPlain, validateQuestion } from '@exam/server-kit';

/** A question as an import understood it: what the editor saves, without the bank and chapter (the service picks them). */
export type QuDraftReq = Omit<QuSaveReq, 'repoId' | 'chapterId'>;
/**
 * One question of an import file. `ref` locates it for the teacher (第12行, 第3题“名称”); `error` says, in Chinese,
 * why it cannot be imported (the draft, when there is one, is kept for the preview); `note` what was left out.
 */
export type ImportItem = { ref: string; chapter: string; qu?: QuDraftReq; error?: string; note?: string };
/** A refusal of XML that declares a DOCTYPE, in every reader of XML: no entity expansion, no external entities. */
export const DOCTYPE_REFUSED = '文件含有 DOCTYPE 声明（可能引用外部实体或展开实体），出于安全原因拒绝导入';
/** A picture carried in the file; rich text and option images point at it by `imageRef(index)`. */
export type ImportImage = { name: string; mime: string; data: Buffer };
export type ImportResult = { items: ImportItem[]; images: ImportImage[] };
/** What an export left out (`skipped`) or could not keep whole (`notes`), per stored question id. */
export type ExportNote = { id: string; reason: string };
export type ExportResult = { text: string; skipped: ExportNote[]; notes: ExportNote[] };

/** Bounds of one import file: more is no question bank (or an attack); the .xlsx import stops at 5000 rows. */
export const MAX_IMPORT_BYTES = 50 * 2 ** 20;
export const MAX_IMPORT_ITEMS = 10_000;
export const tooManyItems = () => badRequest(`每次最多导入 ${MAX_IMPORT_ITEMS} 道题！`);
export function assertImportSize(size: number) {
  if (size > MAX_IMPORT_BYTES) throw badRequest(`文件过大，最大 ${MAX_IMPORT_BYTES / 2 ** 20}MB！`);
}

/** A judge question's options, in the order the editor and the .xlsx template write them. */
export const JUDGE_TEXTS = ['正确', '错误'] as const;
export const judgeOptions = (isTrue: boolean): QuOptionEdit[] => [
  { content: JUDGE_TEXTS[0], isRight: isTrue },
  { content: JUDGE_TEXTS[1], isRight: !isTrue },
];
export const isJudgeLike = (opts: { content?: string }[]) =>
  opts.length === 2 && opts[0].content === JUDGE_TEXTS[0] && opts[1].content === JUDGE_TEXTS[1];

/** GIFT and Moodle carry no level; a tag does (Moodle keeps tags, so the level survives a trip through Moodle). */
export const HARD_TAG = LEVEL_TITLES[2];
export const levelOfTags = (tags: string[]): 1 | 2 => (tags.includes(HARD_TAG) ? 2 : 1);

/** Checks a draft with the editor's rules; a failing one keeps its draft (the preview shows it) beside the reason. */
export function checkedItem(ref: string, chapter: string, qu: QuDraftReq, notes: string[] = []): ImportItem {
  const error = validateQuestion(qu, richTextToPlain);
  return {
    ref,
    chapter,
    qu,
    ...(error ? { error } : {}),
    ...(notes.length ? { note: [...new Set(notes)].join('；') } : {}),
  };
}
export const failedItem = (ref: string, chapter: string, error: string): ImportItem => ({ ref, chapter, error });
/** A description (text without answers) is no question here. */
export const descriptionItem = (ref: string, chapter: string): ImportItem => ({
  ref,
  chapter,
  note: '说明文字（没有答案），已跳过',
});

/** What the formats carry that a question here cannot keep, said the same way by every reader. */
export const LOST = {
  feedback: '答案反馈未导入',
  partial: '部分得分的答案未导入',
  tolerance: '误差范围未保留，只接受与答案相同的数',
  distractor: '没有左项的干扰项未导入',
} as const;
/** A number as Moodle's numerical answers write it. */
export const isNumber = (s: string) => /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s);

/**
 * The right options of a graded choice from its grades (percent): full marks in a single choice, any positive grade
 * in a multiple one. Grades this platform has no place for are noted.
 */
export function rightsOf(grades: number[], single: boolean, notes: string[]): boolean[] {
  if (single && grades.some((g) => g > 0 && g < 100)) notes.push('部分得分未保留，只有满分选项算正确答案');
  if (!single && new Set(grades.filter((g) => g > 0)).size > 1)
    notes.push('选项分值比例未保留，分值为正的选项都算正确答案');
  return grades.map((g) => (single ? g >= 100 : g > 0));
}

/** Fill-in alternatives as the option's `answer` stores them (`splitAlternatives` reads them back). */
export const joinAlternatives = (xs: string[]) => xs.join('||');

/** Plain text (markdown included: not rendered) as the editor's rich text: paragraphs at blank lines, line breaks kept. */
export const textToHtml = (s: string) =>
  s
    .trim()
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${textToInline(p)}</p>`)
    .join('');
/** Plain text of an option, which the editor writes without paragraphs. */
export const textToInline = (s: string) => escapeHtml(s.trim()).replace(/\r?\n/g, '<br>');

/** Entities of HTML that a format's plain answers may carry (cloze answers live inside HTML). */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
export const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] !== '#') return NAMED[e.toLowerCase()] ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });

/**
 * Pictures of an import are stored by the service after the preview; until then rich text and option images
 * point at them by index. Not a URL scheme the sanitizer lets through: replace before sanitizing.
 */
export const IMAGE_REF = 'import-image:';
export const imageRef = (n: number) => `${IMAGE_REF}${n}`;
const IMAGE_REFS = new RegExp(`${IMAGE_REF}(\\d+)`, 'g');
/** Replaces every image reference of a draft (rich text and option images, children too) with `urlOf(index)`. */
export function replaceImageRefs(qu: QuDraftReq, urlOf: (n: number) => string): QuDraftReq {
  const r = (s: string | undefined) => s?.replace(IMAGE_REFS, (_, n: string) => urlOf(Number(n)));
  const one = <T extends Omit<QuDraftReq, 'subList'>>(q: T): T => ({
    ...q,
    content: r(q.content) ?? '',
    analysis: r(q.analysis),
    refAnswer: r(q.refAnswer),
    answerList: q.answerList?.map((o) => ({ ...o, content: r(o.content), image: r(o.image) })),
  });
  return { ...one(qu), subList: qu.subList?.map(one) };
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};
/** The type a file's name claims; the service sniffs the bytes before it stores anything. */
export const mimeOfName = (name: string) =>
  MIME[/\.(\w+)$/.exec(name)?.[1].toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * An option's picture (the `image` field) rides in GIFT and Moodle as an image at the end of the option's text,
 * marked so that an import gives it back to the field; other images stay in the text.
 */
const OPTION_IMAGE = /<img class="option-image" src="([^"]*)">$/;
export const withOptionImage = (content: string, image: string) =>
  image ? `${content}<img class="option-image" src="${image}">` : content;
export function splitOptionImage(html: string): { content: string; image?: string } {
  const m = OPTION_IMAGE.exec(html);
  return m ? { content: html.slice(0, m.index), image: m[1] } : { content: html };
}

/**
 * Moodle's category path (`$course$/top/第一章`, `//` being a slash inside a name) gives the chapter: its last
 * segment; the context and `top` alone mean no chapter.
 */
export function chapterOfCategory(path: string): string {
  const names = path
    .trim()
    .replaceAll('//', '\u0000')
    .split('/')
    .map((s) => s.replaceAll('\u0000', '/').trim())
    .filter((s) => s && !/^\$\w+\$$/.test(s));
  const last = names.at(-1) ?? '';
  return names.length === 1 && last === 'top' ? '' : last;
}
export const categoryOf = (chapter: string) => `$course$/top${chapter ? `/${chapter.replaceAll('/', '//')}` : ''}`;

/** Moodle names every question; the start of its text is what Moodle itself takes when a name is missing. */
export const titleOf = (q: FullQu, n: number) => richTextToPlain(q.content).slice(0, 40) || `第${n}题`;
/** A multiple choice's right options share 100% (written as Moodle's grade list has it); a wrong one costs it all. */
export const shareOf = (rights: number) => Number((100 / rights).toFixed(5));

/**
 * Text (files, names in a zip) comes from Windows as often as from Moodle: UTF-8 (with or without BOM), else GB18030 (what
 * Chinese Windows saves as "ANSI").
 */
export function decodeText(data: Buffer): string {
  const utf8 = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(utf8);
  } catch {
    return new TextDecoder('gb18030').decode(data);
  }
}
