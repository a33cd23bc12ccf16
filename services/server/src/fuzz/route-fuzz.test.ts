import * as contracts from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { type Fuzz, type Payload, ROLES, startFuzz } from './harness';
import { GARBAGE_BODIES, rng } from './schema-values';

/**
 * The fuzz suite's second half: every registered route the contract does not describe (multipart
 * uploads and imports, xlsx exports, file reads, websockets' HTTP side, the static site), with
 * multipart garbage and hostile path parameters. Nothing may answer 5xx or drop the connection.
 */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

const part = (name: string, value: string | Buffer, filename?: string, type = 'application/octet-stream') =>
  Buffer.concat([
    Buffer.from(
      `--B\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n${filename === undefined ? '' : `Content-Type: ${type}\r\n`}\r\n`,
    ),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
const form = (...parts: Buffer[]): Payload => ({
  payload: Buffer.concat([...parts, Buffer.from('--B--\r\n')]),
  contentType: 'multipart/form-data; boundary=B',
});

/** Multipart bodies an attacker or a broken client sends. */
const MULTIPART: [string, Payload][] = [
  ['a real png', form(part('file', PNG, 'a.png', 'image/png'))],
  ['an executable named .png', form(part('file', EXE, 'photo.png', 'image/png'))],
  ['random bytes named .xlsx', form(part('file', Buffer.from('PK\u0003\u0004garbage'), 'users.xlsx'))],
  ['an empty file', form(part('file', Buffer.alloc(0), 'a.pdf'))],
  ['no extension', form(part('file', PNG, 'noext'))],
  ['a NUL in the file name', form(part('file', PNG, 'a\u0000.png'))],
  ['a traversal file name', form(part('file', PNG, '../../../etc/passwd.png'))],
  ['a lone surrogate in a field', form(part('title', '\uD800'), part('file', PNG, 'a.png'))],
  ['a NUL in a field', form(part('courseId', 'x\u0000'), part('repoId', '\u0000'), part('file', PNG, 'a.png'))],
  ['two files', form(part('file', PNG, 'a.png'), part('file', PNG, 'b.png'))],
  ['fields only', form(part('a', '1'), part('b', '2'))],
  ['too many fields', form(...Array.from({ length: 30 }, (_, i) => part(`f${i}`, 'x')), part('file', PNG, 'a.png'))],
  ['a file under another name', form(part('upload', PNG, 'a.png'))],
  [
    'no closing boundary',
    { payload: Buffer.concat([part('file', PNG, 'a.png')]), contentType: 'multipart/form-data; boundary=B' },
  ],
  [
    'a boundary that is not there',
    { payload: form(part('file', PNG, 'a.png')).payload, contentType: 'multipart/form-data; boundary=ZZZ' },
  ],
  ['no boundary', { payload: 'x', contentType: 'multipart/form-data' }],
  ['an empty body', { payload: '', contentType: 'multipart/form-data; boundary=B' }],
  [
    'a header without its blank line',
    {
      payload: '--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n--B--\r\n',
      contentType: 'multipart/form-data; boundary=B',
    },
  ],
];

const HOSTILE_PARAMS = [
  '..',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  'a%00.png',
  '%ED%A0%80',
  '%FF%FE',
  'x'.repeat(3000),
  '20261122',
  '20261122%2F..%2F..',
  '%',
  '%zz',
];

let fuzz: Fuzz;
beforeAll(async () => {
  fuzz = await startFuzz();
}, 180_000);
afterAll(async () => {
  console.log(fuzz?.summary('routes outside the contract'));
  await fuzz?.app.close();
});

describe('routes outside the contract survive garbage', () => {
  it('multipart routes (uploads, imports) answer 4xx to malformed and hostile bodies, 200 to a real upload', async () => {
    const contractUrls = new Set(contracts.callsIn(contracts).map((c) => c.call.url));
    // Routes outside the contract, and the contract's uploads and imports (multipart, not JSON).
    const posts = [
      ...new Set(
        fuzz.routes
          .filter((r) => r.method === 'POST' && (!contractUrls.has(r.url) || /upload|import/.test(r.url)))
          .map((r) => r.url),
      ),
    ];
    expect(posts).toEqual(expect.arrayContaining([contracts.UPLOAD_URL, '/api/sys/user/import', '/api/qu/qu/import']));
    const r = rng(7);
    for (const url of posts) {
      for (const role of ROLES) {
        await fuzz.ensureSessions();
        for (const [what, body] of MULTIPART) await fuzz.send({ url, role, body, what });
        for (const g of GARBAGE_BODIES.filter(() => r.chance(0.5)))
          await fuzz.send({ url, role, body: g, what: 'garbage' });
      }
    }
    expect(fuzz.failures).toEqual([]);
  }, 120_000);

  it('GET routes answer 4xx to hostile path parameters and query strings', async () => {
    const before = fuzz.failures.length;
    const gets = [...new Set(fuzz.routes.filter((r) => r.method === 'GET').map((r) => r.url))];
    for (const url of gets) {
      for (const value of HOSTILE_PARAMS) {
        const filled = url.replace(/:[^/]+|\*/g, value);
        for (const role of ROLES)
          await fuzz.send({
            method: 'GET',
            url: `${filled}?key=${value}&token=${value}`,
            role,
            what: 'hostile params',
          });
      }
    }
    expect(fuzz.failures.slice(before)).toEqual([]);
  }, 120_000);
});
