import { inflateRawSync } from 'node:zlib';
import { badRequest } from './errors';

/**
 * Limits on a zip archive (an .xlsx, .docx or package upload) before anything unpacks it: a small file
 * may expand to gigabytes (a "zip bomb"). Sizes are what the archive's directory declares, and each entry
 * is then inflated with a cap at its declared size, so an entry that lies about its size is caught too.
 */
export type ArchiveLimits = {
  maxEntries: number;
  /** Unpacked bytes of all entries together, and of one entry. */
  maxTotalBytes: number;
  maxEntryBytes: number;
  /** Unpacked / packed, for entries past `ratioFrom` bytes (tiny entries may compress far). */
  maxRatio: number;
  ratioFrom: number;
};

export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 256 * 2 ** 20,
  maxEntryBytes: 128 * 2 ** 20,
  maxRatio: 200,
  ratioFrom: 2 ** 20,
};
export const ARCHIVE_TOO_LARGE = '文件解压后过大，疑似压缩炸弹，请检查后重新上传！';
export const ARCHIVE_UNREADABLE = '压缩文件已损坏或格式不支持，无法读取！';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

type Entry = {
  name: string;
  /** The name's bytes, and whether the archive flags them UTF-8 (else they may be GB18030, as Chinese Windows writes). */
  rawName: Buffer;
  utf8: boolean;
  method: number;
  packed: number;
  size: number;
  localOffset: number;
};

/** The central directory's entries; throws ARCHIVE_UNREADABLE for what is not a plain zip (zip64 and multi-disk included). */
function entriesOf(data: Buffer): Entry[] {
  const from = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw badRequest(ARCHIVE_UNREADABLE);
  const count = data.readUInt16LE(eocd + 10);
  const dirSize = data.readUInt32LE(eocd + 12);
  const dirOffset = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff || dirOffset + dirSize > eocd || data.readUInt16LE(eocd + 4) !== 0)
    throw badRequest(ARCHIVE_UNREADABLE);
  const entries: Entry[] = [];
  let p = dirOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || data.readUInt32LE(p) !== CENTRAL) throw badRequest(ARCHIVE_UNREADABLE);
    const nameLen = data.readUInt16LE(p + 28);
    entries.push({
      method: data.readUInt16LE(p + 10),
      packed: data.readUInt32LE(p + 20),
      size: data.readUInt32LE(p + 24),
      localOffset: data.readUInt32LE(p + 42),
      name: data.toString('utf8', p + 46, p + 46 + nameLen),
      rawName: data.subarray(p + 46, p + 46 + nameLen),
      utf8: (data.readUInt16LE(p + 8) & 0x800) !== 0,
    });
    p += 46 + nameLen + data.readUInt16LE(p + 30) + data.readUInt16LE(p + 32);
  }
  return entries;
}

/** Checks a zip against the limits before it is unpacked (400 with a clear message otherwise). */
export function assertArchiveWithinLimits(data: Buffer, limits: Partial<ArchiveLimits> = {}): void {
  readArchive(data, limits);
}

/** A checked zip's entries with their bytes (directories included, as the archive lists them). */
export type ArchiveEntry = Pick<Entry, 'name' | 'rawName' | 'utf8'> & { data: Buffer };

/**
 * Unpacks a zip within the limits: the directory's claims are checked first, then every entry is inflated with its
 * declared size as the cap (a lying entry is refused). What `assertArchiveWithinLimits` checks, with the bytes kept.
 */
export function readArchive(data: Buffer, limits: Partial<ArchiveLimits> = {}): ArchiveEntry[] {
  const l = { ...ARCHIVE_LIMITS, ...limits };
  const entries = entriesOf(data);
  if (entries.length > l.maxEntries) throw badRequest(ARCHIVE_TOO_LARGE);
  let total = 0;
  for (const e of entries) {
    total += e.size;
    const ratio = e.size / Math.max(1, e.packed);
    if (
      e.size === 0xffffffff ||
      e.size > l.maxEntryBytes ||
      total > l.maxTotalBytes ||
      (e.size > l.ratioFrom && ratio > l.maxRatio)
    ) {
      throw badRequest(ARCHIVE_TOO_LARGE);
    }
  }
  // What the directory declares is only a claim: each entry is inflated with its declared size as the cap.
  const out: ArchiveEntry[] = [];
  for (const e of entries) {
    if (e.localOffset + 30 > data.length || data.readUInt32LE(e.localOffset) !== LOCAL)
      throw badRequest(ARCHIVE_UNREADABLE);
    const start = e.localOffset + 30 + data.readUInt16LE(e.localOffset + 26) + data.readUInt16LE(e.localOffset + 28);
    const packed = data.subarray(start, start + e.packed);
    if (packed.length !== e.packed) throw badRequest(ARCHIVE_UNREADABLE);
    const entry = { name: e.name, rawName: e.rawName, utf8: e.utf8 };
    if (e.method === 0) {
      if (e.packed !== e.size) throw badRequest(ARCHIVE_UNREADABLE);
      out.push({ ...entry, data: packed });
      continue;
    }
    if (e.method !== 8) throw badRequest(ARCHIVE_UNREADABLE);
    let bytes: Buffer;
    try {
      bytes = e.size === 0 ? Buffer.alloc(0) : inflateRawSync(packed, { maxOutputLength: e.size });
    } catch (err) {
      throw badRequest(
        (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? ARCHIVE_TOO_LARGE : ARCHIVE_UNREADABLE,
      );
    }
    if (bytes.length !== e.size) throw badRequest(ARCHIVE_TOO_LARGE);
    out.push({ ...entry, data: bytes });
  }
  return out;
}
