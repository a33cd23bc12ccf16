import { posix } from 'node:path';
import { QuType } from '@exam/contracts';
import { AppError, badRequest } from '@exam/server-kit';
import {
  type ImportImage,
  type ImportItem,
  type ImportResult,
  LOST,
  MAX_IMPORT_ITEMS,
  type QuDraftReq,
  assertImportSize,
  checkedItem,
  failedItem,
  joinAlternatives,
  judgeOptions,
  splitOptionImage,
  textToHtml,
  tooManyItems,
} from './import-item';
import { BLANK, BLANK_MARKS, HARD_CLASS, SCALE_CLASS, SUB_CLASS, classesOf, isTrueFalse, truthOf } from './qti';
import {
  type Ctx,
  type El,
  type Hook,
  type Node,
  escText,
  hasClass,
  html,
  isEl,
  kid,
  kidsOf,
  parseXml,
  textOf,
} from './qti-xml';
import { readZip } from './zip';

/** A prompt as a paragraph unless it is blocks already. */
function promptOf(it: El, c: Ctx): string {
  const p = html(kid(it, 'prompt')?.kids ?? [], c).trim();
  return !p || /^<(p|div|ul|ol|table|h[1-6]|blockquote|pre)\b/.test(p) ? p : `<p>${p}</p>`;
}

type Decl = { correct: string[]; mapping: Map<string, number>; defaultValue: number };
function declsOf(item: El): Map<string, Decl> {
  return new Map(
    kidsOf(item, 'responseDeclaration').map((d) => {
      const mapping = kid(d, 'mapping');
      return [
        d.attrs.identifier ?? '',
        {
          correct: kidsOf(kid(d, 'correctResponse'), 'value').map((v) => textOf(v).trim()),
          mapping: new Map(
            kidsOf(mapping, 'mapEntry').map((e) => [e.attrs.mapKey?.trim() ?? '', Number(e.attrs.mappedValue)]),
          ),
          defaultValue: Number(mapping?.attrs.defaultValue ?? 0),
        },
      ];
    }),
  );
}
/** Right answers: the correct response, then the mapped values that score (other answers a blank accepts). */
const rightValues = (d: Decl | undefined) => [
  ...new Set(
    [...(d?.correct ?? []), ...[...(d?.mapping ?? [])].filter(([, v]) => v > 0).map(([k]) => k)].filter(Boolean),
  ),
];

type Answer = Pick<QuDraftReq, 'quType' | 'answerList' | 'refAnswer'>;
const CHOICE_MISSING = '选择题没有正确答案（correctResponse）';

function choiceOf(it: El, d: Decl | undefined, c: Ctx): Answer | string {
  const choices = kidsOf(it, 'simpleChoice');
  const ids = choices.map((ch) => ch.attrs.identifier ?? '');
  const opts = choices.map((ch) => splitOptionImage(html(ch.kids, c).trim()));
  const max = Number(it.attrs.maxChoices ?? 1);
  if (d?.correct.length) {
    const unknown = d.correct.find((v) => !ids.includes(v));
    if (unknown) return `正确答案“${unknown}”不是任何选项`;
    if (d.mapping.size) c.notes.push(LOST.partial);
    const rights = ids.map((id) => d.correct.includes(id));
    const single = max === 1 && d.correct.length === 1;
    if (single && isTrueFalse(opts))
      return { quType: QuType.JUDGE, answerList: judgeOptions(rights[0] === truthOf(opts[0].content)) };
    return {
      quType: single ? QuType.SINGLE : QuType.MULTIPLE,
      answerList: opts.map((o, i) => ({ ...o, isRight: rights[i] })),
    };
  }
  if (!d?.mapping.size) return CHOICE_MISSING;
  // Scores without a right answer: a scale or a scored choice.
  const quType = hasClass(it, SCALE_CLASS) ? QuType.SCALE : max === 1 ? QuType.SCORE_SINGLE : QuType.SCORE_MULTI;
  return { quType, answerList: opts.map((o, i) => ({ ...o, score: d.mapping.get(ids[i]) ?? d.defaultValue })) };
}

function matchOf(it: El, d: Decl | undefined, c: Ctx): Answer | string {
  const sets = kidsOf(it, 'simpleMatchSet');
  if (sets.length !== 2) return '连线题应有两组选项（simpleMatchSet）';
  const [lefts, rights] = sets.map((s) => kidsOf(s, 'simpleAssociableChoice'));
  const pairs = rightValues(d).map((v) => v.split(/\s+/));
  if (!pairs.length) return '连线题没有正确答案（correctResponse）';
  const rightText = new Map(rights.map((r) => [r.attrs.identifier, textOf(r).trim()]));
  const leftIds = new Set(lefts.map((l) => l.attrs.identifier));
  const rightOf = new Map<string, string>();
  for (const [a, b] of pairs) {
    // A pair goes from the first set to the second; some tools write it the other way round.
    const [l, r] = leftIds.has(a) ? [a, b] : [b, a];
    if (rightOf.has(l)) c.notes.push('一个左项配对多个右项时只保留第一个');
    else if (leftIds.has(l) && rightText.has(r)) rightOf.set(l, r);
  }
  const paired = new Set(rightOf.values());
  if (rights.some((r) => !paired.has(r.attrs.identifier))) c.notes.push(LOST.distractor);
  const answerList = [];
  for (const l of lefts) {
    const r = rightOf.get(l.attrs.identifier);
    if (r) answerList.push({ ...splitOptionImage(html(l.kids, c).trim()), answer: rightText.get(r) });
    else c.notes.push('没有配对的左项未导入');
  }
  return { quType: QuType.MATCH, answerList };
}

/** One blank's alternatives as a fill-in option. */
function blankOf(d: Decl | undefined): { answer: string } | string {
  const values = rightValues(d);
  return values.length ? { answer: joinAlternatives(values) } : '填空没有正确答案（correctResponse）';
}

/** The answer part of one block interaction; a reference answer is the next scorer's rubric of the scope. */
function answerOf(it: El, d: Decl | undefined, c: Ctx, rubrics: string[]): Answer | string {
  if (it.name === 'choiceInteraction') return choiceOf(it, d, c);
  if (it.name === 'matchInteraction') return matchOf(it, d, c);
  if (it.name === 'extendedTextInteraction')
    return { quType: QuType.SHORT, refAnswer: rubrics.shift() ?? (d?.correct[0] ? textToHtml(d.correct[0]) : '') };
  const blank = blankOf(d);
  return typeof blank === 'string' ? blank : { quType: QuType.FILL, answerList: [blank] };
}

const SUPPORTED = new Set(['choiceInteraction', 'textEntryInteraction', 'matchInteraction', 'extendedTextInteraction']);
/** An end-attempt button asks nothing: it is left out like any control. */
const isInteraction = (e: El) => e.qti && e.name.endsWith('Interaction') && e.name !== 'endAttemptInteraction';
const isSub = (e: El) => !e.qti && e.name === 'div' && hasClass(e, SUB_CLASS);
/** The interactions of a body and this writer's composite children, in order (not those inside a child). */
function survey(nodes: Node[], out = { interactions: [] as El[], subs: [] as El[] }) {
  for (const n of nodes.filter(isEl)) {
    if (isSub(n)) out.subs.push(n);
    else if (isInteraction(n)) out.interactions.push(n);
    else survey(n.kids, out);
  }
  return out;
}
const marker = (i: number) => `（${i + 1}）`;
const WHOLE_MARK = new RegExp(`^(?:${BLANK_MARKS.source})$`);

type Child = Omit<QuDraftReq, 'subList'>;
type Read = { qu: QuDraftReq; feedbacks: string[] };
/**
 * The question of a body (or of one child's block): text entries only → a fill-in, one blank each, where the
 * entries stood; one other interaction → its type, the prompt where it stood; more → a composite, one child per
 * interaction (this writer's children are blocks of their own). Feedback blocks are returned for the caller.
 */
function questionOf(nodes: Node[], decls: Map<string, Decl>, c: Ctx, child: boolean): Read | string {
  const { interactions, subs } = survey(nodes);
  const unsupported = interactions.find((i) => !SUPPORTED.has(i.name));
  if (unsupported) return `不支持的 QTI 交互“${unsupported.raw}”`;
  if (!interactions.length && !subs.length) return '题目中没有可作答的交互（interaction）';
  if (subs.length && interactions.length) return '组合题的材料中不能有交互';
  const fill = interactions.every((i) => i.name === 'textEntryInteraction');
  const one = interactions.length === 1 && !fill;
  const composite = !fill && !one;
  if (child && (composite || subs.length)) return '子题中只能有一种交互';
  const rubrics: string[] = [];
  const feedbacks: string[] = [];
  const hook: Hook = (el) => {
    if (isSub(el)) return '';
    if (el.qti && el.name === 'rubricBlock') {
      // Instructions for the candidate are part of the stem; what the scorer sees is a reference answer.
      if (classesOf(el.attrs.view).includes('candidate')) return html(el.kids, c, hook);
      rubrics.push(html(el.kids, c).trim());
      return '';
    }
    if (el.qti && el.name === 'feedbackBlock') {
      feedbacks.push(html(el.kids, c).trim());
      return '';
    }
    if (!isInteraction(el)) return undefined;
    if (el.name !== 'textEntryInteraction') return one ? promptOf(el, c) : '';
    if (composite) return marker(interactions.indexOf(el));
    return WHOLE_MARK.test(el.attrs.label ?? '') ? escText(el.attrs.label) : BLANK;
  };
  const content = html(nodes, c, hook).trim();
  const declOf = (it: El) => decls.get(it.attrs.responseIdentifier ?? '');
  const done = (qu: QuDraftReq): Read => {
    if (rubrics.length) c.notes.push('评分说明（rubricBlock）未导入');
    return { qu, feedbacks };
  };

  if (subs.length) {
    const subList: Child[] = [];
    for (const [i, s] of subs.entries()) {
      const r = questionOf(s.kids, decls, c, true);
      if (typeof r === 'string') return `第${i + 1}道子题：${r}`;
      if (r.feedbacks.length > 1) c.notes.push(LOST.feedback);
      subList.push({ ...r.qu, level: hasClass(s, HARD_CLASS) ? 2 : 1, analysis: r.feedbacks[0] ?? '' });
    }
    return done({ quType: QuType.COMPOSITE, content, subList });
  }
  if (fill) {
    const answerList = [];
    for (const [i, it] of interactions.entries()) {
      const blank = blankOf(declOf(it));
      if (typeof blank === 'string') return `第${i + 1}空：${blank}`;
      answerList.push(blank);
    }
    return done({ quType: QuType.FILL, content, answerList });
  }
  if (one) {
    const a = answerOf(interactions[0], declOf(interactions[0]), c, rubrics);
    return typeof a === 'string' ? a : done({ content, ...a });
  }
  // Another tool's item with several questions: the body is the material, each interaction a child.
  const subList: Child[] = [];
  for (const [i, it] of interactions.entries()) {
    const stem = it.name === 'textEntryInteraction' ? '' : promptOf(it, c);
    const a = answerOf(it, declOf(it), c, rubrics);
    if (typeof a === 'string') return `第${i + 1}道子题：${a}`;
    subList.push({ level: 1, content: stem || marker(i), ...a });
  }
  return done({ quType: QuType.COMPOSITE, content, subList });
}

function itemOf(buf: Buffer, n: number, href: string, chapter: string, c: Ctx): ImportItem {
  let root: El;
  try {
    root = parseXml(buf);
  } catch (e) {
    if (e instanceof AppError) throw e;
    return failedItem(`第${n}题“${href}”`, chapter, `题目文件${(e as Error).message}`);
  }
  const ref = `第${n}题“${root.attrs.title || href}”`;
  if (root.name !== 'assessmentItem') return failedItem(ref, chapter, `不是 QTI 题目（根元素为 ${root.raw}）`);
  const body = kid(root, 'itemBody');
  const read = questionOf(body?.kids ?? [], declsOf(root), c, false);
  if (typeof read === 'string') return failedItem(ref, chapter, read);
  // Feedback blocks of a whole item answer one response or another: no analysis of the question.
  if (read.feedbacks.length) c.notes.push(LOST.feedback);
  const modal = kidsOf(root, 'modalFeedback');
  if (modal.length > 1) c.notes.push(LOST.feedback);
  const qu: QuDraftReq = {
    ...read.qu,
    analysis: modal.length ? html(modal[0].kids, c).trim() : '',
    level: hasClass(body, HARD_CLASS) ? 2 : 1,
  };
  if (qu.quType === QuType.SHORT && !qu.refAnswer && qu.analysis) {
    // Without a scorer's rubric, the feedback is what the author wrote as the answer.
    c.notes.push('参考答案取自反馈');
    return checkedItem(ref, chapter, { ...qu, refAnswer: qu.analysis, analysis: '' }, c.notes);
  }
  return checkedItem(ref, chapter, qu, c.notes);
}

const packagePath = (base: string, href: string) => {
  try {
    href = decodeURIComponent(href);
  } catch {}
  return posix.normalize(posix.join(base, href));
};

/**
 * The manifest (the shallowest `imsmanifest.xml`: a package zipped with its folder works too): its item
 * resources in order, and each one's chapter — the title of the organization's folder around its entry.
 */
function manifestOf(files: Map<string, Buffer>) {
  const path = [...files.keys()]
    .filter((k) => posix.basename(k) === 'imsmanifest.xml')
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
  if (!path) throw badRequest('压缩包中没有 imsmanifest.xml，不是 QTI 题目包');
  let root: El;
  try {
    root = parseXml(files.get(path)!);
  } catch (e) {
    throw e instanceof AppError ? e : badRequest(`imsmanifest.xml ${(e as Error).message}`);
  }
  if (root.name !== 'manifest') throw badRequest('imsmanifest.xml 的根元素应为 manifest');
  const all = kidsOf(kid(root, 'resources'), 'resource');
  const items = all.filter((r) => /^imsqti_item_xmlv[23]p\d/.test(r.attrs.type ?? ''));
  if (!items.length)
    throw badRequest(
      all.some((r) => r.attrs.type?.startsWith('imsqti_xmlv1'))
        ? '不支持 QTI 1.x 题目包，请导出为 QTI 2.1 或 3.0'
        : '题目包中没有 QTI 题目（资源类型应为 imsqti_item_xmlv2p1、v2p2 或 v3p0）',
    );
  const chapters = new Map<string, string>();
  const walk = (entries: El[], chapter: string) => {
    for (const e of entries) {
      const ref = e.attrs.identifierref;
      if (ref && !chapters.has(ref)) chapters.set(ref, chapter);
      walk(kidsOf(e, 'item'), ref ? chapter : textOf(kid(e, 'title') ?? '').trim() || chapter);
    }
  };
  for (const org of kidsOf(kid(root, 'organizations'), 'organization')) walk(kidsOf(org, 'item'), '');
  const base = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  return items.map((r) => ({
    href: packagePath(base, r.attrs.href ?? kid(r, 'file')?.attrs.href ?? ''),
    chapter: chapters.get(r.attrs.identifier ?? '') ?? '',
  }));
}

/**
 * Reads an IMS QTI 3.0 or 2.1/2.2 content package (a zip with `imsmanifest.xml`): one item per item resource, in
 * the manifest's order, the version of each told by its root element. Refused whole: an unsafe or oversized zip, no
 * manifest, a DOCTYPE anywhere, too many items. An item that cannot be imported is reported with its number and
 * title. Pictures of the package are `images`, referred to by `imageRef`.
 */
export async function readQtiPackage(zip: Buffer): Promise<ImportResult> {
  assertImportSize(zip.length);
  const files = await readZip(zip);
  const resources = manifestOf(files);
  if (resources.length > MAX_IMPORT_ITEMS) throw tooManyItems();
  const images: ImportImage[] = [];
  const seen = new Map<string, number>();
  const items = resources.map(({ href, chapter }, i) => {
    const buf = files.get(href);
    if (!buf) return failedItem(`第${i + 1}题“${href}”`, chapter, `题目文件“${href}”不在压缩包中`);
    return itemOf(buf, i + 1, href, chapter, { files, images, seen, dir: posix.dirname(href), notes: [] });
  });
  return { items, images };
}
