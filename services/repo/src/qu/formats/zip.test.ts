import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@rstest/core';
import { ARCHIVE_TOO_LARGE, ARCHIVE_UNREADABLE } from '@exam/server-kit';
import { MAX_ZIP_ENTRIES, readZip, zipFiles } from './zip';

/** Rewrites what a zip's headers declare of each entry (local and central), as a forged archive would. */
function forge(zip: Buffer, edit: (out: Buffer, central: number, local: number) => void): Buffer {
  const out = Buffer.from(zip);
  const end = out.length - 22;
  let at = out.readUInt32LE(end + 16);
  for (let i = 0; i < out.readUInt16LE(end + 10); i++) {
    edit(out, at, out.readUInt32LE(at + 42));
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return out;
}
const declare = (zip: Buffer, size: number) =>
  forge(zip, (out, c, l) => {
    out.writeUInt32LE(size, c + 24);
    out.writeUInt32LE(size, l + 22);
  });

describe('zipFiles and readZip', () => {
  it('reads back what it writes: deflated text, stored pictures, UTF-8 names, folders', async () => {
    const png = randomBytes(2000);
    const files = [
      { name: 'imsmanifest.xml', data: Buffer.from('<manifest/>'.repeat(100)) },
      { name: 'images/图 1.png', data: png },
      { name: 'empty.txt', data: Buffer.alloc(0) },
    ];
    const zip = zipFiles(files);
    expect(zip.length).toBeLessThan(2000 + 1100 + 300);
    expect(await readZip(zip)).toEqual(new Map(files.map((f) => [f.name, f.data])));
  });

  it('reads a name without the UTF-8 flag as GB18030 (Chinese Windows)', async () => {
    const zip = zipFiles([{ name: 'XX.png', data: Buffer.from('x') }]);
    // 题 in GB18030: not UTF-8 (some GBK names are, and are read so: the flag is often missing on UTF-8 too).
    const gb = Buffer.from([0xcc, 0xe2]);
    const forged = forge(zip, (out, c, l) => {
      for (const at of [c + 8, l + 6]) out.writeUInt16LE(0, at);
      gb.copy(out, c + 46);
      gb.copy(out, l + 30);
    });
    expect([...(await readZip(forged)).keys()]).toEqual(['题.png']);
  });
});

describe('readZip: refused archives', () => {
  const refuses = (zip: Buffer, message: string) => expect(readZip(zip)).rejects.toThrow(message);

  it('refuses paths outside the package', async () => {
    for (const name of ['../evil.xml', 'a/../../evil.xml', '/etc/passwd', 'C:/evil.xml', 'a\\..\\..\\evil.xml'])
      await refuses(zipFiles([{ name, data: Buffer.from('x') }]), '不安全的路径');
  });

  it('refuses a zip bomb: 50 MB that deflate to a few KB', async () => {
    const bomb = zipFiles([{ name: 'bomb.xml', data: Buffer.alloc(50 * 2 ** 20) }]);
    expect(bomb.length).toBeLessThan(100_000);
    await refuses(bomb, ARCHIVE_TOO_LARGE);
  });

  it('stops inflating an entry that gives more bytes than it declared, refuses one that gives fewer', async () => {
    const zip = zipFiles([{ name: 'a.xml', data: Buffer.alloc(2 ** 20) }]);
    await refuses(declare(zip, 100), ARCHIVE_TOO_LARGE);
    const text = Buffer.from(randomBytes(3000).toString('base64'));
    await refuses(declare(zipFiles([{ name: 'a.xml', data: text }]), text.length + 1), ARCHIVE_TOO_LARGE);
  });

  it(`refuses more than ${MAX_ZIP_ENTRIES} entries and more than 200 MB declared in all`, async () => {
    const many = Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => ({ name: `${i}.xml`, data: Buffer.alloc(0) }));
    await refuses(zipFiles(many), ARCHIVE_TOO_LARGE);
    // Each entry compresses about 4:3, declares 100 MB (a ratio below 200): three are too many together.
    const text = () => Buffer.from(randomBytes(600_000).toString('base64'));
    const big = zipFiles([1, 2, 3].map((i) => ({ name: `${i}.xml`, data: text() })));
    await refuses(declare(big, 100 * 2 ** 20), ARCHIVE_TOO_LARGE);
  });

  it('refuses what is no zip', async () => {
    await refuses(Buffer.from('not a zip at all'), ARCHIVE_UNREADABLE);
  });
});
