import Type from 'typebox';
import { defineCall } from '../call';
import { PagingReq, PagingRes } from '../paging';
import { QuTypeCode, Rich } from './common';
import { Id, IdReq, IdsReq } from '../envelope';

/** One option as an admin edits it (see el_qu_answer for what each field means per type). */
export const QuOptionEdit = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 64 })),
  content: Type.Optional(Rich),
  isRight: Type.Optional(Type.Boolean()),
  score: Type.Optional(Type.Number({ minimum: 0, maximum: 10000 })),
  answer: Type.Optional(Type.String({ maxLength: 2000 })),
  /** Picture under the option's text: an uploaded file's URL ('' or absent for none). */
  image: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type QuOptionEdit = Type.Static<typeof QuOptionEdit>;
const QuEditBase = {
  id: Type.Optional(Type.String({ maxLength: 64 })),
  quType: QuTypeCode,
  level: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  content: Rich,
  analysis: Type.Optional(Rich),
  refAnswer: Type.Optional(Rich),
  keywords: Type.Optional(Type.String({ maxLength: 1000 })),
  answerList: Type.Optional(Type.Array(QuOptionEdit, { maxItems: 50 })),
};
export const QuEditChild = Type.Object(QuEditBase);
export const QuSaveReq = Type.Object({
  ...QuEditBase,
  repoId: Id,
  chapterId: Type.Optional(Type.String({ maxLength: 64 })),
  subList: Type.Optional(Type.Array(QuEditChild, { maxItems: 50 })),
});
export type QuSaveReq = Type.Static<typeof QuSaveReq>;

const OptionOut = Type.Object({
  id: Type.String(),
  content: Type.String(),
  isRight: Type.Boolean(),
  score: Type.Number(),
  answer: Type.String(),
  image: Type.String(),
});
const QuDetailBase = {
  id: Type.String(),
  quType: Type.Integer(),
  level: Type.Integer(),
  content: Type.String(),
  analysis: Type.String(),
  refAnswer: Type.String(),
  keywords: Type.String(),
  answerList: Type.Array(OptionOut),
};
export const QuDetail = Type.Object({
  ...QuDetailBase,
  repoId: Type.String(),
  chapterId: Type.String(),
  subList: Type.Array(Type.Object(QuDetailBase)),
});
export type QuDetail = Type.Static<typeof QuDetail>;

export const QuRow = Type.Object({
  id: Type.String(),
  repoId: Type.String(),
  repoTitle: Type.String(),
  quType: Type.Integer(),
  quType_dictText: Type.String(),
  level: Type.Integer(),
  contentText: Type.String(),
  chapterId: Type.String(),
  chapterTitle: Type.String(),
  createTime: Type.String(),
});
export type QuRow = Type.Static<typeof QuRow>;
export const QuPagingParams = Type.Object({
  repoId: Type.Optional(Type.String({ maxLength: 64 })),
  quType: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  level: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
  chapterId: Type.Optional(Type.String({ maxLength: 64 })),
  content: Type.Optional(Type.String({ maxLength: 100 })),
});

export const ReportRow = Type.Object({
  id: Type.String(),
  quId: Type.String(),
  quType: Type.Integer(),
  contentText: Type.String(),
  repoTitle: Type.String(),
  content: Type.String(),
  realName: Type.String(),
  state: Type.Integer(),
  createTime: Type.String(),
});
export type ReportRow = Type.Static<typeof ReportRow>;
export const ReportState = { OPEN: 0, HANDLED: 1 } as const;

export const QuImportResult = Type.Object({ count: Type.Integer(), skipped: Type.Integer() });

/** The question file formats a bank imports (detected by content and name) and exports. */
export const QU_FILE_FORMATS = {
  xlsx: { title: 'Excel 模板 (.xlsx)', ext: 'xlsx' },
  docx: { title: 'Word 文档 (.docx)', ext: 'docx' },
  moodle: { title: 'Moodle XML', ext: 'xml' },
  gift: { title: 'GIFT', ext: 'gift' },
  aiken: { title: 'Aiken', ext: 'txt' },
  qti: { title: 'QTI 3.0 / 2.x 包 (.zip)', ext: 'zip' },
} as const;
/** The formats a bank exports to. */
export const QU_EXPORT_FORMATS = ['xlsx', 'docx', 'moodle', 'gift', 'qti'] as const;
export type QuExportFormat = (typeof QU_EXPORT_FORMATS)[number];
export type QuFileFormat = keyof typeof QU_FILE_FORMATS;
/** What the import dialog's file picker accepts. */
export const QU_IMPORT_ACCEPT = '.xlsx,.docx,.xml,.gift,.txt,.zip';

/** One question of a previewed file as the dialog lists it: what was understood, or why it cannot be imported. */
export const ImportPreviewItem = Type.Object({
  /** Where it is in the file: 第12行, 第3题, 题目“名称”. */
  ref: Type.String(),
  chapter: Type.String(),
  /** 0 when the type could not be told. */
  quType: Type.Integer(),
  quType_dictText: Type.String(),
  /** The stem as plain text (shortened). */
  content: Type.String(),
  /** The options as plain text, labelled A, B, … (fill-in: the blanks' answers; matching: the pairs). */
  options: Type.Array(Type.String()),
  /** The right answer as the editor would show it. */
  answer: Type.String(),
  subCount: Type.Integer(),
  /** Why it cannot be imported ('' when it can). */
  error: Type.String(),
  /** What was left out of it. */
  note: Type.String(),
});
export type ImportPreviewItem = Type.Static<typeof ImportPreviewItem>;
export const ImportPreview = Type.Object({
  format: Type.String(),
  formatTitle: Type.String(),
  /** The file's SHA-256: the import of the previewed file sends it back, so what is written is what was shown. */
  digest: Type.String(),
  okCount: Type.Integer(),
  failCount: Type.Integer(),
  imageCount: Type.Integer(),
  /** Every item that cannot be imported and the first ones that can (PREVIEW_ITEMS in all at most). */
  items: Type.Array(ImportPreviewItem),
});
export type ImportPreview = Type.Static<typeof ImportPreview>;

export const QuCalls = {
  paging: defineCall('/api/qu/qu/paging', PagingReq(QuPagingParams), PagingRes(QuRow)),
  detail: defineCall('/api/qu/qu/detail', IdReq, QuDetail),
  save: defineCall('/api/qu/qu/save', QuSaveReq, Type.Object({ id: Type.String() })),
  delete: defineCall('/api/qu/qu/delete', IdsReq, Type.Null()),
  /** Downloads (blob): the bank's questions and the template. */
  export: defineCall(
    '/api/qu/qu/export',
    Type.Object({
      repoId: Id,
      /** xlsx when absent (the spec's export). */
      format: Type.Optional(
        Type.Union([
          Type.Literal('xlsx'),
          Type.Literal('docx'),
          Type.Literal('moodle'),
          Type.Literal('gift'),
          Type.Literal('qti'),
        ]),
      ),
      /** A selection of the bank's questions; all of them when absent. */
      ids: Type.Optional(Type.Array(Id, { maxItems: 10_000 })),
    }),
    Type.Null(),
  ),
  template: defineCall('/api/qu/qu/template', Type.Object({}), Type.Null()),
  /** Download: the Word layout the import reads, one question of every type (试题导入示例.docx). */
  docxExample: defineCall('/api/qu/qu/docx-example', Type.Object({}), Type.Null()),
  /**
   * Multipart: file + repoId (+ digest). Without a digest a file with any bad question imports nothing; with the
   * digest of its preview, the questions the preview showed as importable are imported and the others skipped.
   */
  importUrl: '/api/qu/qu/import',
  /** Multipart: file + repoId; answers ImportPreview, writes nothing. */
  importPreviewUrl: '/api/qu/qu/import-preview',
  reportSave: defineCall(
    '/api/qu/report/save',
    Type.Object({ quId: Id, content: Type.String({ maxLength: 2000 }) }),
    Type.Null(),
  ),
  reportPaging: defineCall(
    '/api/qu/report/paging',
    PagingReq(
      Type.Object({
        state: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        quId: Type.Optional(Type.String({ maxLength: 64 })),
      }),
    ),
    PagingRes(ReportRow),
  ),
  reportHandle: defineCall('/api/qu/report/handle', IdsReq, Type.Null()),
};
