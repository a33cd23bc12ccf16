import { defineCall, Type } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../route';
import { call, createTestApp } from '../testing';
import { firstUnstorable } from './input-rules';
import { readUpload, useMultipart } from './multipart';

// A contract shaped like the real ones: nested objects, arrays, a record, an optional union.
const Echo = defineCall(
  '/api/test/echo',
  Type.Object({
    title: Type.String({ maxLength: 50 }),
    tags: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 5 })),
    params: Type.Optional(
      Type.Object({ name: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])) }),
    ),
    data: Type.Optional(Type.Record(Type.String({ maxLength: 20 }), Type.Unknown())),
  }),
  Type.Object({ title: Type.String() }),
);
const Db = defineCall('/api/test/db', Type.Object({ what: Type.String({ maxLength: 20 }) }), Type.Null());

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({
    services: [
      async (s) => {
        await useMultipart(s);
        s.post('/api/test/upload', { config: { auth: 'public' } }, async (req) => {
          const up = await readUpload(req, { maxBytes: 1024, exts: ['png'] });
          return { fields: up.fields, name: up.filename };
        });
        route(s, Echo, { auth: 'public' }, async (req) => ({ title: req.body.title }));
        // Each statement provokes one class of database refusal, as a careless service would.
        route(s, Db, { auth: 'public' }, async (req) => {
          const statements: Record<string, ReturnType<typeof sql>> = {
            unique: sql`insert into t_parent (id) values (1)`,
            fk: sql`insert into t_child (pid) values (999)`,
            referenced: sql`delete from t_parent where id = 1`,
            text: sql`select 'abc'::int`,
            range: sql`select 100000::smallint`,
            nul: sql`select ${'a\u0000b'}::text`,
            other: sql`select * from no_such_table`,
          };
          await s.db.execute(statements[req.body.what]);
          return null;
        });
      },
    ],
  });
  await app.db.execute(sql`create table t_parent (id int primary key)`);
  await app.db.execute(sql`create table t_child (pid int references t_parent (id))`);
  await app.db.execute(sql`insert into t_parent (id) values (1)`);
  await app.db.execute(sql`insert into t_child (pid) values (1)`);
});
afterAll(() => app.close());

describe('strings PostgreSQL cannot store are refused by validation, naming the field', () => {
  it.each([
    ['a NUL in a top-level string', { title: 'a\u0000b' }, 'title'],
    ['a NUL in an array item', { title: 'ok', tags: ['x', 'y\u0000'] }, 'tags/1'],
    ['a NUL in a nested nullable string', { title: 'ok', params: { name: '\u0000' } }, 'params/name'],
    ['a NUL in a free-form record value', { title: 'ok', data: { k: { deep: ['\u0000'] } } }, 'data/k/deep/0'],
    ['a NUL in a record key', { title: 'ok', data: { 'k\u0000': 1 } }, 'data/k\u0000'],
    ['a lone high surrogate', { title: 'x\uD800y' }, 'title'],
    ['a lone low surrogate', { title: '\uDC00' }, 'title'],
  ])('%s → 400', async (_what, body, field) => {
    const r = await call(app, Echo.url, body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 10010001, success: false });
    expect(r.body.msg).toBe(
      `参数错误：${field} ${field.startsWith('data/k\u0000') ? '字段名' : ''}不能包含空字符或无效的Unicode字符`,
    );
  });

  it('a number JSON reads as Infinity is refused', async () => {
    const r = await call(app, Echo.url, `{"title":"ok","data":{"n":1e400}}`);
    expect(r).toMatchObject({ status: 400, body: { msg: '参数错误：data/n 数值超出范围' } });
  });

  it('keeps well-formed text, emoji (surrogate pairs) and Chinese', async () => {
    const r = await call(app, Echo.url, {
      title: '考试😀テスト',
      tags: ['🎓'],
      params: { name: null },
      data: { 键: '值' },
    });
    expect(r).toMatchObject({ status: 200, body: { data: { title: '考试😀テスト' } } });
  });

  it('walks deep garbage without recursion and refuses it', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(firstUnstorable(deep)).toMatchObject({ reason: '嵌套层级过深' });
    expect(firstUnstorable({ a: [1, 'b', { c: true }] })).toBeUndefined();
  });
});

describe('database refusals map to 4xx envelopes in the error handler', () => {
  it.each([
    ['unique', 409, '数据已存在，请勿重复提交！'],
    ['fk', 400, '关联的数据不存在或已被删除！'],
    ['referenced', 409, '数据正在被使用，不能删除！'],
    ['text', 400, '参数错误：数据格式错误！'],
    ['range', 400, '参数错误：数值超出范围！'],
    ['nul', 400, '参数错误：包含无效字符！'],
  ])('%s → %i', async (what, status, msg) => {
    const r = await call(app, Db.url, { what });
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ success: false, msg });
  });

  it('any other database error stays a 500 with the generic message', async () => {
    const r = await call(app, Db.url, { what: 'other' });
    expect(r).toMatchObject({ status: 500, body: { code: 10010009, msg: '服务器开小差了，请稍后再试！' } });
  });
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const upload = (fields: Record<string, string>, filename = 'a.png') =>
  app.inject({
    method: 'POST',
    url: '/api/test/upload',
    headers: { 'content-type': 'multipart/form-data; boundary=B' },
    payload: Buffer.concat([
      ...Object.entries(fields).map(([k, v]) =>
        Buffer.from(`--B\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      ),
      Buffer.from(
        `--B\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from('\r\n--B--\r\n'),
    ]),
  });

describe('multipart uploads follow the same input rules', () => {
  // Multipart is bytes: a lone surrogate cannot arrive (invalid UTF-8 decodes to U+FFFD), a NUL can.
  it('refuses a NUL in a field or the file name, naming it', async () => {
    expect((await upload({ courseId: 'x\u0000' })).json()).toMatchObject({
      code: 10010001,
      msg: '参数错误：courseId 不能包含空字符或无效的Unicode字符',
    });
    expect((await upload({ title: 'ok', note: '\u0000' })).statusCode).toBe(400);
    expect((await upload({}, 'a\u0000.png')).json()).toMatchObject({
      msg: '参数错误：filename 不能包含空字符或无效的Unicode字符',
    });
  });

  it('takes a clean upload with its fields', async () => {
    const r = await upload({ courseId: 'c1', title: '课件😀' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ fields: { courseId: 'c1', title: '课件😀' }, name: 'a.png' });
  });
});
