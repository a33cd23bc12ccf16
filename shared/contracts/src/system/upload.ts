import Type from 'typebox';

/**
 * What may be uploaded (spec admin §5): each kind lists its extensions and a size cap. The server
 * checks the extension AND the content; the widgets use the same lists for `accept`.
 */
export const FILE_KINDS = {
  image: { exts: ['png', 'jpeg', 'gif', 'jpg'], maxBytes: 10 * 1024 * 1024 },
  video: { exts: ['mp4'], maxBytes: 500 * 1024 * 1024 },
  audio: { exts: ['mp3', 'wav', 'ogg'], maxBytes: 50 * 1024 * 1024 },
  file: {
    exts: ['rar', 'zip', 'psd', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
    maxBytes: 200 * 1024 * 1024,
  },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

/** The largest file any kind allows: the multipart limit of the upload call. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(FILE_KINDS).map((k) => k.maxBytes));

/** The kind an extension belongs to (lower case, no dot), or undefined when it is not allowed. */
export const kindOfExt = (ext: string): FileKind | undefined =>
  (Object.keys(FILE_KINDS) as FileKind[]).find((k) =>
    (FILE_KINDS[k].exts as readonly string[]).includes(ext.toLowerCase()),
  );

/** `accept` attribute for a file input restricted to these kinds, e.g. `.png,.jpeg,…`. */
export const acceptOf = (kinds: readonly FileKind[]) =>
  kinds.flatMap((k) => FILE_KINDS[k].exts.map((e) => `.${e}`)).join(',');

/** Answer of the upload call: where the file can be read, and what it was called. */
export const UploadRes = Type.Object({
  url: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  kind: Type.String(),
});
export type UploadRes = Type.Static<typeof UploadRes>;

export const UPLOAD_URL = '/api/common/file/upload';
/** Files kept by the local provider are read back here (public: see docs/decisions.md). */
export const FILE_GET_PREFIX = '/api/common/file/get/';
