import { crc32, deflateRawSync } from 'node:zlib';
import { AppError, badRequest } from '@exam/server-kit';
import yauzl from 'yauzl';

/** Bounds of a zip (QTI package, Word document): more is no question bank, and a small file that inflates to much more is a zip bomb. */
export const MAX_ZIP_ENTRIES = 5000;
export const MAX_UNZIPPED_BYTES = 200 * 2 ** 20;
export const MAX_ZIP_RATIO = 200;

export const NOT_ZIP = '文件不是有效的 zip 压缩包';
const notZip = (e?: Error | null) => badRequest(`${NOT_ZIP}（${e?.message ?? '无法读取'}）`);
export const ZIP_BOMB = '压缩包中的文件解压后远大于压缩前（可能是 zip 炸弹），拒绝导入';
const BOMB = ZIP_BOMB;
/** UTF-8 when flagged or valid; else GB18030, as Chinese Windows names files in a zip. */
function nameOf(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    return utf8.decode(raw);
  } catch {
    return new TextDecoder(entry.generalPurposeBitFlag & 0x800 ? 'utf-8' : 'gb18030').decode(raw);
  }
}

/** Why an entry is refused, before anything of it is inflated. */
function problemOf(name: string, entry: yauzl.Entry): string | undefined {
  if (name.startsWith('/') || /^[a-z]:/i.test(name) || name.split('/').includes('..'))
    return `压缩包中有不安全的路径“${name}”，拒绝导入`;
  if (entry.uncompressedSize > MAX_ZIP_RATIO * entry.compressedSize) return BOMB;
}

/**
 * Every file of a zip by its path (`/`-separated, directories left out). The central directory is checked whole
 * first (entry count, declared sizes, compression ratios, paths), then each file is inflated and dropped the moment
 * it gives more bytes than it declared. Anything else unreadable is refused as no zip.
 */
export function readZip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    // Sizes are checked here: yauzl's own check stalls the stream on current Node instead of failing it.
    yauzl.fromBuffer(buf, { lazyEntries: true, decodeStrings: false, validateEntrySizes: false }, (err, zip) => {
      if (err || !zip) return reject(notZip(err));
      let done = false;
      const fail = (e: Error) => {
        if (done) return;
        done = true;
        zip.close();
        reject(e instanceof AppError ? e : notZip(e));
      };
      if (zip.entryCount > MAX_ZIP_ENTRIES)
        return fail(badRequest(`压缩包中的文件超过 ${MAX_ZIP_ENTRIES} 个，拒绝导入`));
      const entries: { name: string; entry: yauzl.Entry }[] = [];
      let total = 0;
      zip.on('error', fail);
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = nameOf(entry).replaceAll('\\', '/');
        const problem = problemOf(name, entry);
        if (problem) return fail(badRequest(problem));
        total += entry.uncompressedSize;
        if (total > MAX_UNZIPPED_BYTES)
          return fail(badRequest(`压缩包解压后超过 ${MAX_UNZIPPED_BYTES / 2 ** 20}MB，拒绝导入`));
        if (!name.endsWith('/')) entries.push({ name, entry });
        zip.readEntry();
      });
      zip.on('end', async () => {
        const files = new Map<string, Buffer>();
        try {
          for (const { name, entry } of entries) files.set(name, await inflate(zip, entry));
        } catch (e) {
          return fail(e as Error);
        }
        done = true;
        zip.close();
        resolve(files);
      });
      zip.readEntry();
    });
  });
}

/** One file's bytes, stopped as soon as they exceed its declared size. */
function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('无法读取'));
      const chunks: Buffer[] = [];
      let n = 0;
      stream.on('data', (c: Buffer) => {
        n += c.length;
        if (n <= entry.uncompressedSize) chunks.push(c);
        else {
          stream.destroy();
          reject(badRequest(BOMB));
        }
      });
      stream.on('error', reject);
      stream.on('end', () =>
        n === entry.uncompressedSize ? resolve(Buffer.concat(chunks)) : reject(new Error('文件大小与声明不符')),
      );
    });
  });
}

export type ZipFileEntry = { name: string; data: Buffer };
/** 2026-01-01 in MS-DOS form: a fixed date keeps the same bank's package byte for byte the same. */
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

/** A zip of the files, deflated unless that makes them larger (pictures); names in UTF-8, flagged so. */
export function zipFiles(files: ZipFileEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name);
    const deflated = deflateRawSync(f.data);
    const stored = deflated.length >= f.data.length;
    const data = stored ? f.data : deflated;
    // The fields local and central headers share, from "version needed" on.
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0);
    common.writeUInt16LE(0x0800, 2);
    common.writeUInt16LE(stored ? 0 : 8, 4);
    common.writeUInt16LE(DOS_DATE, 8);
    common.writeUInt32LE(crc32(f.data), 10);
    common.writeUInt32LE(data.length, 14);
    common.writeUInt32LE(f.data.length, 18);
    common.writeUInt16LE(name.length, 22);
    const local = Buffer.alloc(4);
    local.writeUInt32LE(0x04034b50);
    const head = Buffer.alloc(6);
    head.writeUInt32LE(0x02014b50);
    head.writeUInt16LE(20, 4);
    const tail = Buffer.alloc(14);
    tail.writeUInt32LE(offset, 10);
    parts.push(local, common, name, data);
    central.push(head, common, tail, name);
    offset += 4 + common.length + name.length + data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}
