import { richTextToPlain } from '@exam/server-kit';

/*
 * IMS QTI content packages: `imsmanifest.xml` listing item files (QTI 3.0 `qti-assessment-item`, QTI 2.1/2.2
 * `assessmentItem`) and their pictures. `qti-read.ts` reads both versions (`qti-xml.ts`: the XML as trees, item
 * bodies as the editor's HTML), `qti-write.ts` writes 3.0, `zip.ts` unpacks and packs. What QTI has no field for rides in places QTI leaves to authoring tools, so that an export
 * reads back exactly (a player ignores them):
 * - level 较难: class `qu-hard` on the item body (on a child's block for a composite child);
 * - 量表 (SCALE) against 单选评分 (SCORE_SINGLE), both scored choices: class `qu-scale` on the choice interaction;
 * - composite children: one `<div class="qu-sub">` each (its stem, interactions, reference answer, analysis);
 * - a fill-in blank's mark as the stem wrote it (`____`): the text entry's `label`;
 * - chapters: a folder `<item><title>第一章</title>…</item>` of the manifest's organization around the items' entries.
 */

export const HARD_CLASS = 'qu-hard';
export const SCALE_CLASS = 'qu-scale';
export const SUB_CLASS = 'qu-sub';
/** A blank of a text entry that names no mark of its own (another tool's item). */
export const BLANK = '＿＿＿＿';
/** Blank marks in a fill-in's stem: runs of underscores, half or full width, or empty full-width brackets. */
export const BLANK_MARKS = /_{2,}|＿{2,}|（\s*）/g;
/** The identifier of the outcome that feedback hangs on, the name every QTI tool uses. */
export const FEEDBACK = 'FEEDBACK';
export const classesOf = (cls: string | undefined) => (cls ?? '').split(/\s+/).filter(Boolean);

/** Options that make a two-option choice a judge question, in the words of either language. */
const TRUE_WORDS = new Set(['正确', '对', '是', 'true', 't', 'yes', '√', '✓']);
const FALSE_WORDS = new Set(['错误', '错', '否', 'false', 'f', 'no', '×', '✗']);
export function truthOf(html: string): boolean | undefined {
  const s = richTextToPlain(html).toLowerCase();
  return TRUE_WORDS.has(s) ? true : FALSE_WORDS.has(s) ? false : undefined;
}
/** Two options, one true-like and one false-like. */
export const isTrueFalse = (opts: { content?: string }[]) => {
  const t = opts.map((o) => truthOf(o.content ?? ''));
  return t.length === 2 && t[0] !== undefined && t[1] === !t[0];
};
