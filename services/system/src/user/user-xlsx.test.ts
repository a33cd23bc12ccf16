import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';

let app: FastifyInstance;
let admin: string;
let learner: string;
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  admin = await signIn(app, 'admin', 'Admin@2026');
  learner = await signIn(app, 'learner', 'Learner@2026');
}, 120_000);
afterAll(() => app.close());

const HEADER = ['账号', '姓名', '部门编码', '角色', '密码', '手机号', '邮箱', '身份证号'];
async function sheet(rows: string[][], header = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户导入');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A multipart body with one `file` field, as the shared client sends it. */
function upload(data: Buffer, filename: string, token?: string) {
  const b = '----examboundary';
  const head = `--${b}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${b}--\r\n`)]);
  return app.inject({
    method: 'POST',
    url: '/api/sys/user/import',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${b}`, ...(token ? { token } : {}) },
  });
}

describe('user import and export', () => {
  it('imports all valid rows, which can sign in', async () => {
    const res = await upload(
      await sheet([
        ['imp001', '导入一', 'A01A01', '学员', 'Import@2026', '13900000001', '', ''],
        ['imp002', '导入二', 'A01A02', 'student', 'Import@2026', '', 'a@b.cn', ''],
      ]),
      'users.xlsx',
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { count: 2 } });
    await signIn(app, 'imp002', 'Import@2026');
  });

  it('imports nothing when a row is bad, naming each bad row', async () => {
    const res = await upload(
      await sheet([
        ['imp003', '导入三', 'A01A01', '学员', 'Import@2026', '', '', ''],
        ['x', '导入四', 'A01A01', '学员', 'Import@2026', '', '', ''],
        ['imp005', '导入五', 'Z9', '学员', 'Import@2026', '', '', ''],
        ['imp003', '导入三', 'A01A01', '超级管理员', 'Import@2026', '', '', ''],
      ]),
      'users.xlsx',
      admin,
    );
    expect(res.statusCode).toBe(400);
    const msg = res.json().msg as string;
    expect(msg).toContain('第3行：用户名应为4-32位，数字英文下划线组合！');
    expect(msg).toContain('第4行：部门编码 Z9 不存在');
    expect(msg).toContain('第5行：用户名 imp003 在文件中重复');
    const list = await call(app, '/api/sys/user/paging', { params: { userName: 'imp003' } }, admin);
    expect(list.body.data.total).toBe(0);
  });

  it('refuses other files, a wrong header, learners and visitors', async () => {
    expect((await upload(Buffer.from('a,b,c'), 'users.csv', admin)).json()).toMatchObject({
      code: 10010001,
      msg: '只能导入 .xlsx 文件！',
    });
    expect((await upload(Buffer.from('not really a sheet'), 'users.xlsx', admin)).json().msg).toBe(
      '只能导入 .xlsx 文件！',
    );
    expect((await upload(await sheet([], ['a', 'b']), 'users.xlsx', admin)).json().msg).toBe(
      '表头与导入模板不一致，请下载模板后填写！',
    );
    expect((await upload(await sheet([]), 'users.xlsx', learner)).statusCode).toBe(403);
    expect((await upload(await sheet([]), 'users.xlsx')).statusCode).toBe(401);
    const notMultipart = await call(app, '/api/sys/user/import', {}, admin);
    expect(notMultipart.status).toBe(400);
  });

  it('exports the filtered list and serves the template', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sys/user/export',
      payload: { params: { deptCode: 'A01A02' } },
      headers: { token: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = wb.worksheets[0].getColumn(1).values.slice(2);
    expect(names).toContain('learner2');
    expect(names).not.toContain('learner');
    const tpl = await app.inject({
      method: 'POST',
      url: '/api/sys/user/import-template',
      payload: {},
      headers: { token: admin },
    });
    expect(tpl.statusCode).toBe(200);
    const denied = await app.inject({
      method: 'POST',
      url: '/api/sys/user/export',
      payload: {},
      headers: { token: learner },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(10010003);
  });
});

describe('bindings', () => {
  it('binds a mobile directly, lists it, and unbinds by id', async () => {
    expect(
      (await call(app, '/api/sys/user/bind/direct-bind', { mobile: '123', userId: 'u-learner' }, admin)).body.msg,
    ).toBe('手机号码格式不正确!');
    expect(
      (await call(app, '/api/sys/user/bind/direct-bind', { mobile: '13911112222', userId: 'u-nobody' }, admin)).status,
    ).toBe(404);
    expect(
      (await call(app, '/api/sys/user/bind/direct-bind', { mobile: '13911112222', userId: 'u-learner' }, learner))
        .status,
    ).toBe(403);
    expect(
      (await call(app, '/api/sys/user/bind/direct-bind', { mobile: '13911112222', userId: 'u-learner' }, admin)).status,
    ).toBe(200);
    expect(
      (await call(app, '/api/sys/user/bind/direct-bind', { mobile: '13911112222', userId: 'u-learner2' }, admin))
        .status,
    ).toBe(409);
    const page = await call(
      app,
      '/api/sys/user/bind/paging',
      { current: 1, size: 10, params: { userId: 'u-learner' } },
      admin,
    );
    expect(page.body.data.records).toEqual([
      expect.objectContaining({ loginType: 'mobile', loginType_dictText: '手机号', openId: '13911112222' }),
    ]);
    expect((await call(app, '/api/sys/user/bind/paging', { params: { userId: 'u-learner' } }, learner)).status).toBe(
      403,
    );
    const id = page.body.data.records[0].id;
    expect((await call(app, '/api/sys/user/bind/unbind-by-id', { id }, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/user/bind/unbind-by-id', { id }, admin)).status).toBe(200);
    expect((await call(app, '/api/sys/user/bind/unbind-by-id', { id }, admin)).status).toBe(404);
    expect((await call(app, '/api/sys/user/detail', { id: 'u-learner' }, admin)).body.data.mobile).toBe('');
  });

  it('unbinds a mobile directly', async () => {
    await call(app, '/api/sys/user/bind/direct-bind', { mobile: '13911113333', userId: 'u-learner2' }, admin);
    expect(
      (await call(app, '/api/sys/user/bind/direct-unbind', { mobile: '13900000000', userId: 'u-learner2' }, admin))
        .status,
    ).toBe(404);
    expect(
      (await call(app, '/api/sys/user/bind/direct-unbind', { mobile: '13911113333', userId: 'u-learner2' }, admin))
        .status,
    ).toBe(200);
  });
});
