import { crc32, deflateRawSync } from 'node:zlib';
import { type ArchiveEntry, badRequest, readArchive } from '@exam/server-kit';
import { decodeText } from './import-item';

/** Bounds of a zip (QTI package, Word document): more is no question bank, and a small file that inflates to much more is a zip bomb. */
export const MAX_ZIP_ENTRIES = 5000;
export const MAX_UNZIPPED_BYTES = 200 * 2 ** 20;
export const MAX_ZIP_RATIO = 200;
const LIMITS = {
  maxEntries: MAX_ZIP_ENTRIES,
  maxTotalBytes: MAX_UNZIPPED_BYTES,
  maxEntryBytes: MAX_UNZIPPED_BYTES,
  maxRatio: MAX_ZIP_RATIO,
  // Question files are XML and pictures: an entry of 64 KB or more that packs 200 times is no question file.
  ratioFrom: 2 ** 16,
};

/** UTF-8 when flagged or valid; else GB18030, as Chinese Windows names files in a zip. */
const nameOf = (e: ArchiveEntry) => (e.utf8 ? e.rawName.toString('utf8') : decodeText(e.rawName));

/**
 * Every file of a zip by its path (`/`-separated, directories left out), unpacked by the platform's one archive guard
 * (kit `readArchive`: entry count, declared sizes and ratios, entries that inflate beyond what they declared), and
 * refused when a path leaves the package.
 */
export async function readZip(buf: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const e of readArchive(buf, LIMITS)) {
    const name = nameOf(e).replaceAll('\\', '/');
    if (name.startsWith('/') || /^[a-z]:/i.test(name) || name.split('/').includes('..'))
      throw badRequest(`压缩包中有不安全的路径“${name}”，拒绝导入`);
    if (!name.endsWith('/')) files.set(name, e.data);
  }
  return files;
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
