import { describe, expect, it } from '@rstest/core';
import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';
import { ARCHIVE_TOO_LARGE, assertArchiveWithinLimits } from './archive';
import { readTemplateRows } from './xlsx';

/** A zip of deflated entries; `claim` overrides the unpacked size its directory declares (a lying archive). */
function zipOf(entries: { name: string; data: Buffer; claim?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const dirs: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = deflateRawSync(e.data);
    const name = Buffer.from(e.name);
    const size = e.claim ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    dirs.push(dir, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(dirs);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('archive limits (issue 35: an .xlsx zip bomb)', () => {
  it('accepts a real workbook and a plain zip', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('用户').addRow(['用户名', '姓名']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    expect(refusal(() => assertArchiveWithinLimits(xlsx))).toBe('accepted');
    expect(
      refusal(() => assertArchiveWithinLimits(zipOf([{ name: 'a.txt', data: Buffer.from('你好'.repeat(100)) }]))),
    ).toBe('accepted');
  });

  it('refuses a 300 MiB zero-filled entry in a small file before unpacking it', () => {
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(300 * 2 ** 20) }]);
    expect(bomb.length).toBeLessThan(400 * 1024);
    expect(refusal(() => assertArchiveWithinLimits(bomb))).toBe(ARCHIVE_TOO_LARGE);
  });

  it('refuses an entry that declares a small size and unpacks to more, and too many entries', () => {
    const liar = zipOf([{ name: 'a.xml', data: Buffer.alloc(8 * 2 ** 20, 0x41), claim: 1000 }]);
    expect(refusal(() => assertArchiveWithinLimits(liar))).toBe(ARCHIVE_TOO_LARGE);
    const many = zipOf(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') })));
    expect(refusal(() => assertArchiveWithinLimits(many, { maxEntries: 20 }))).toBe(ARCHIVE_TOO_LARGE);
    expect(refusal(() => assertArchiveWithinLimits(Buffer.from('PK\u0003\u0004 not a zip')))).not.toBe('accepted');
  });

  it('import templates go through it: a bomb named .xlsx is refused with the message, garbage as unreadable', async () => {
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(300 * 2 ** 20) }]);
    const opts = { max: 10, empty: '空', tooMany: '多' };
    await expect(readTemplateRows(bomb, ['用户名'], opts)).rejects.toThrow(ARCHIVE_TOO_LARGE);
    await expect(readTemplateRows(Buffer.from('garbage'), ['用户名'], opts)).rejects.toThrow(
      '文件无法读取，请使用导入模板！',
    );
  });
});
