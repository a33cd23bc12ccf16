import { CERT_VERIFY_PATH, CertTmplCalls } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { count } from 'drizzle-orm';
import { type Ctx, certTestApp, ORIGIN, png, upload } from '../testing/fixture';
import { examRuleBody, saveRule } from '../testing/grants';
import { pdfQrCodes, pdfText } from '../testing/pdf-tools';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await certTestApp();
});
afterAll(async () => {
  await ctx?.app.close();
});

const base = {
  name: '安全证书',
  pageSize: 'A4',
  orientation: 'landscape',
  elements: [
    { type: 'title', x: 421, y: 80, fontSize: 36, align: 'center', color: '#aa2200' },
    { type: 'realName', x: 421, y: 200, fontSize: 26, align: 'center', text: '兹证明 {} 同志' },
    { type: 'qrcode', x: 700, y: 400, width: 90 },
  ],
};
const save = (body: unknown, token = ctx.admin) => call(ctx.app, CertTmplCalls.save.url, body, token);
const tmplCount = async () => Number((await ctx.app.db.select({ n: count() }).from(schema.certTmpl))[0]!.n);

describe('certificate templates', () => {
  it('an admin saves a template with a background and a seal; the detail gives it back without storage keys', async () => {
    const bgImage = await upload(ctx.app, png(842, 595, [250, 245, 230]));
    const seal = await upload(ctx.app, png(200, 200));
    const r = await save({
      ...base,
      bgImage,
      elements: [...base.elements, { type: 'seal', x: 600, y: 380, width: 120, image: seal }],
    });
    expect(r.status).toBe(200);
    const d = await call(ctx.app, CertTmplCalls.detail.url, { id: r.body.data.id }, ctx.admin);
    expect(d.body.data).toMatchObject({ name: '安全证书', pageSize: 'A4', orientation: 'landscape', bgImage });
    expect(d.body.data.elements).toHaveLength(4);
    expect(d.body.data.elements[3]).toEqual({ type: 'seal', x: 600, y: 380, width: 120, image: seal });
    const page = await call(
      ctx.app,
      CertTmplCalls.paging.url,
      { current: 1, size: 10, params: { name: '安全' } },
      ctx.admin,
    );
    expect(page.body.data.records[0]).toMatchObject({ name: '安全证书', elementCount: 4, ruleCount: 0 });
  });

  it('signed-out callers get 401, learners 403', async () => {
    expect((await save(base, '')).status).toBe(401);
    expect((await save(base, ctx.learner)).status).toBe(403);
    expect((await call(ctx.app, CertTmplCalls.paging.url, {}, ctx.learner)).status).toBe(403);
  });

  it('malformed templates are refused with a clear message, and nothing is written', async () => {
    const before = await tmplCount();
    const el = (over: object) => ({ ...base, elements: [{ type: 'realName', x: 100, y: 100, ...over }] });
    const cases: [unknown, string][] = [
      [el({ type: 'script' }), '证书模板元素类型不支持：script！'],
      [el({ x: 900 }), '证书模板元素位置超出页面！'],
      [el({ y: -1 }), '证书模板元素位置超出页面！'],
      [
        { ...base, orientation: 'portrait', elements: [{ type: 'qrcode', x: 500, y: 700, width: 200 }] },
        '证书模板元素位置超出页面！',
      ],
      [el({ fontSize: 500 }), '证书模板字号需在 6 到 96 之间！'],
      [el({ color: 'red;}' }), '证书模板文字颜色格式不正确（如 #333333）！'],
      [el({ align: 'justify' }), '证书模板对齐方式只能是左、中、右！'],
      [el({ text: 'x'.repeat(501) }), '证书模板文字不能超过 500 个字符！'],
      [
        { ...base, elements: Array.from({ length: 61 }, () => ({ type: 'number', x: 10, y: 10 })) },
        '证书模板元素不能超过 60 个！',
      ],
      [{ ...base, pageSize: 'A0' }, '证书纸张大小只能是 A4 或 A5！'],
      [{ ...base, elements: [{ type: 'seal', x: 10, y: 10 }] }, '请上传证书印章图片！'],
      [{ ...base, bgImage: 'https://evil.example/bg.png' }, '证书背景图片无效，请重新上传！'],
    ];
    for (const [body, msg] of cases) {
      const r = await save(body);
      expect({ status: r.status, msg: r.body.msg }).toEqual({ status: 400, msg });
    }
    expect(await tmplCount()).toBe(before);
  });

  it('pictures: too many pixels, not a picture, unreadable bytes are 400s', async () => {
    const huge = await upload(ctx.app, png(5000, 10));
    expect((await save({ ...base, bgImage: huge })).body.msg).toBe('证书背景图片尺寸过大（不超过 4096×4096 像素）！');
    const notImage = await upload(ctx.app, Buffer.from('<svg onload=alert(1)>'), 'png');
    expect((await save({ ...base, bgImage: notImage })).body.msg).toBe('证书背景图片只能是 PNG 或 JPG 格式！');
    const broken = png(50, 50);
    broken.fill(7, 40);
    const r = await save({ ...base, elements: [{ type: 'seal', x: 10, y: 10, image: await upload(ctx.app, broken) }] });
    expect({ status: r.status, msg: r.body.msg }).toEqual({ status: 400, msg: '证书印章图片无法读取，请重新上传！' });
  });

  it('a bad update leaves the template as it was; a template in use cannot be deleted', async () => {
    const { id } = (await save(base)).body.data;
    expect((await save({ ...base, id, name: '改名', elements: [{ type: 'nope', x: 1, y: 1 }] })).status).toBe(400);
    expect((await call(ctx.app, CertTmplCalls.detail.url, { id }, ctx.admin)).body.data.name).toBe('安全证书');
    const rule = await saveRule(
      ctx,
      examRuleBody(id, { validMonths: 24, numPrefix: 'AQ-', numYear: true, numDigits: 6 }),
    );
    expect(rule.status).toBe(200);
    const del = await call(ctx.app, CertTmplCalls.remove.url, { ids: [id] }, ctx.admin);
    expect({ status: del.status, msg: del.body.msg }).toEqual({
      status: 409,
      msg: '证书模板正在被发放规则使用，不能删除！',
    });
    const dup = await saveRule(ctx, examRuleBody(id, { title: '另一个', validMonths: 0, numPrefix: '' }));
    expect({ status: dup.status, msg: dup.body.msg }).toEqual({ status: 409, msg: '该考试已设置证书发放规则！' });
    const noExam = await saveRule(
      ctx,
      examRuleBody(id, { title: '无', sourceId: 'e-none', validMonths: 0, numPrefix: '' }),
    );
    expect({ status: noExam.status, msg: noExam.body.msg }).toEqual({ status: 400, msg: '考试不存在！' });
    const free = (await save(base)).body.data.id;
    expect((await call(ctx.app, CertTmplCalls.remove.url, { ids: [free] }, ctx.admin)).status).toBe(200);
  });

  it('a preview draws the unsaved template with the sample holder as a PDF, checked as a save is, writing nothing', async () => {
    const before = await tmplCount();
    const preview = (body: unknown, token = ctx.admin) =>
      ctx.app.inject({ method: 'POST', url: CertTmplCalls.preview.url, payload: body as object, headers: { token } });
    const r = await preview(base);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const pdf = r.rawPayload;
    expect(await pdfText(pdf)).toContain('兹证明 张三 同志');
    expect(await pdfQrCodes(pdf)).toEqual([`${ORIGIN}${CERT_VERIFY_PATH}SAMPLE00000000000000000000`]);
    const bad = await preview({ ...base, elements: [{ type: 'realName', x: 5000, y: 1 }] });
    expect({ status: bad.statusCode, msg: bad.json().msg }).toEqual({ status: 400, msg: '证书模板元素位置超出页面！' });
    expect((await preview(base, ctx.learner)).statusCode).toBe(403);
    expect(await tmplCount()).toBe(before);
  });
});
