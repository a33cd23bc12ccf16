import { ClientOrderCalls, OrderCalls, OrderItemType, OrderState } from '@exam/contracts';
import { openOrder, type OrderRecord, saleItem, schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { and, eq } from 'drizzle-orm';
import { reconciler } from '../jobs/reconcile';
import { ITEMS, type PayCtx, payTestApp, USERS, WX } from '../testing/fixture';
import { settleService } from './settle-service';

let ctx: PayCtx;
beforeAll(async () => {
  ctx = await payTestApp();
}, 120_000);
afterAll(() => ctx.close());

const { elOrder, elOrderEvent, elCourseLearner, elRepoJoin, sysUser } = schema;
const order = async (id: string) => (await ctx.app.db.select().from(elOrder).where(eq(elOrder.id, id)))[0]!;
const open = async (userId: string, type: 'course' | 'repo', id: string, now?: Date): Promise<OrderRecord> =>
  openOrder(ctx.app.db, userId, (await saleItem(ctx.app.db, type, id))!, now);
const joined = async (userId: string, courseId: string) =>
  (
    await ctx.app.db
      .select()
      .from(elCourseLearner)
      .where(and(eq(elCourseLearner.userId, userId), eq(elCourseLearner.courseId, courseId)))
  )[0]?.hasJoin ?? false;
const pay = (token: string, orderId: string, channel: string) =>
  call(ctx.app, ClientOrderCalls.pay.url, { orderId, channel, returnPath: '/pages/course' }, token);
const status = async (token: string, id: string) =>
  (await call(ctx.app, ClientOrderCalls.status.url, { id }, token)).body.data;
const events = async (orderId: string) =>
  (await ctx.app.db.select().from(elOrderEvent).where(eq(elOrderEvent.orderId, orderId))).map((e) => e.result);
const job = () =>
  reconciler({
    db: ctx.app.db,
    kv: ctx.app.infra.kv,
    settle: settleService({ db: ctx.app.db, log: ctx.app.log }),
    log: ctx.app.log,
  });
const until = async (ok: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('paying an order', () => {
  it('WeChat Native: the QR code, the payer pays, the signed callback pays the order once and joins the course', async () => {
    const o = await open(USERS.learner, 'course', ITEMS.course);
    expect(o).toMatchObject({ amountFen: 1990, state: OrderState.WAIT });
    const prepay = await pay(ctx.learner, o.id, 'wxpay_native');
    expect(prepay.body.data).toMatchObject({ kind: 'qr' });
    expect(prepay.body.data.codeUrl).toMatch(/^weixin:\/\//);
    const d = await ctx.standIn.pay(o.id);
    expect(d?.status).toBe(204);
    expect(await order(o.id)).toMatchObject({ state: OrderState.PAID, access: true, provider: 'wxpay' });
    expect(await joined(USERS.learner, ITEMS.course)).toBe(true);
    // A replay (providers retry) and the learner's own check change nothing.
    expect((await ctx.standIn.notifyAgain(o.id))?.status).toBe(204);
    expect(await status(ctx.learner, o.id)).toMatchObject({ state: OrderState.PAID, state_dictText: '已支付' });
    const paid = (await events(o.id)).filter((e) => e.startsWith('支付成功'));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toContain('19.90');
  });

  it('Alipay page: a redirect to the cashier; with no callback, the learner returning finds it paid (the provider is asked)', async () => {
    const o = await open(USERS.learner, 'repo', ITEMS.repo);
    const prepay = await pay(ctx.learner, o.id, 'alipay_page');
    expect(prepay.body.data.kind).toBe('redirect');
    expect(prepay.body.data.url).toContain('alipay.trade.page.pay');
    // The learner opens the cashier (Alipay makes the trade then), pays; the callback is lost.
    await fetch(prepay.body.data.url);
    await ctx.standIn.pay(o.id, { notify: false });
    expect(await status(ctx.learner, o.id)).toMatchObject({ state: OrderState.PAID });
    const [j] = await ctx.app.db
      .select()
      .from(elRepoJoin)
      .where(and(eq(elRepoJoin.userId, USERS.learner), eq(elRepoJoin.repoId, ITEMS.repo)));
    expect(j).toBeDefined();
  });

  it('a second 购买 of the same item answers the open order, also in parallel; points go with it and come back on cancel', async () => {
    const before = (await ctx.app.db.select().from(sysUser).where(eq(sysUser.id, USERS.learner2)))[0]!.points;
    const all = await Promise.all(Array.from({ length: 8 }, () => open(USERS.learner2, 'course', ITEMS.mixed)));
    expect(new Set(all.map((o) => o.id)).size).toBe(1);
    expect(all[0]).toMatchObject({ amountFen: 1, points: 30 });
    const points = async () =>
      (await ctx.app.db.select().from(sysUser).where(eq(sysUser.id, USERS.learner2)))[0]!.points;
    expect(await points()).toBe(before - 30);
    const c = await call(ctx.app, ClientOrderCalls.cancel.url, { id: all[0]!.id }, ctx.learner2);
    expect(c.body.success).toBe(true);
    expect(await points()).toBe(before);
    expect((await order(all[0]!.id)).state).toBe(OrderState.CLOSED);
  });

  it("another learner's order is not there for them (status, pay, cancel: 404)", async () => {
    const o = await open(USERS.learner2, 'course', ITEMS.course);
    for (const [url, body] of [
      [ClientOrderCalls.status.url, { id: o.id }],
      [ClientOrderCalls.cancel.url, { id: o.id }],
      [ClientOrderCalls.pay.url, { orderId: o.id, channel: 'wxpay_native' }],
    ] as const) {
      const r = await call(ctx.app, url, body, ctx.learner);
      expect([r.status, r.body.msg]).toEqual([404, '订单不存在！']);
    }
    // Malformed bodies are 400, never 5xx.
    expect(
      (await call(ctx.app, ClientOrderCalls.pay.url, { orderId: o.id, channel: 'cash' }, ctx.learner2)).status,
    ).toBe(400);
    // Another channel of the same provider means a new order; the other provider closes this one's trade first.
    expect((await pay(ctx.learner2, o.id, 'wxpay_native')).status).toBe(200);
    const same = await pay(ctx.learner2, o.id, 'wxpay_h5');
    expect([same.status, same.body.msg]).toEqual([400, '该订单已选择其他支付方式，请取消后重新下单！']);
    expect((await pay(ctx.learner2, o.id, 'alipay_wap')).body.data.kind).toBe('redirect');
    expect(ctx.standIn.calls.wxpay.some((c) => c.includes(`${o.id}/close`))).toBe(true);
    expect(await order(o.id)).toMatchObject({ provider: 'alipay', channel: 'alipay_wap', state: OrderState.WAIT });
    // Back to WeChat: its trade of this number is closed, so only a new order pays there.
    const back = await pay(ctx.learner2, o.id, 'wxpay_native');
    expect([back.status, back.body.msg]).toEqual([400, '该订单已选择其他支付方式，请取消后重新下单！']);
    expect((await call(ctx.app, ClientOrderCalls.cancel.url, { id: o.id }, ctx.learner2)).body.success).toBe(true);
  });
});

describe('inside WeChat (JSAPI)', () => {
  it("the silent authorization brings a code, the code the payer's openid, then WeChat's cashier parameters", async () => {
    const o = await open(USERS.learner2, 'repo', ITEMS.repo);
    const noCode = await pay(ctx.learner2, o.id, 'wxpay_jsapi');
    expect([noCode.status, noCode.body.msg]).toEqual([400, '请在微信中授权后再支付！']);
    const auth = await call(
      ctx.app,
      ClientOrderCalls.wxAuthorize.url,
      { orderId: o.id, returnPath: '/pages/repo' },
      ctx.learner2,
    );
    expect(auth.body.data.url).toContain('scope=snsapi_base');
    const back = new URL((await fetch(auth.body.data.url, { redirect: 'manual' })).headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${ctx.app.config.siteOrigins[0]}/pages/repo`);
    expect(back.searchParams.get('state')).toBe(o.id);
    const code = back.searchParams.get('code');
    const withCode = (c: string | null) =>
      call(ctx.app, ClientOrderCalls.pay.url, { orderId: o.id, channel: 'wxpay_jsapi', code: c }, ctx.learner2);
    const ok = await withCode(code);
    expect(ok.body.data.kind).toBe('jsapi');
    expect(ok.body.data.params).toMatchObject({ appId: WX.appId, signType: 'RSA' });
    expect(ok.body.data.params.package).toMatch(/^prepay_id=/);
    // A code is spent once; another learner cannot ask for this order's authorization.
    const again = await withCode(code);
    expect([again.status, again.body.msg]).toEqual([400, '微信授权已失效，请重新支付！']);
    const theirs = await call(ctx.app, ClientOrderCalls.wxAuthorize.url, { orderId: o.id }, ctx.learner);
    expect(theirs.status).toBe(404);
    expect((await call(ctx.app, ClientOrderCalls.cancel.url, { id: o.id }, ctx.learner2)).body.success).toBe(true);
  });
});

describe('callbacks an attacker sends', () => {
  it('refuses a forged signature, a stale timestamp and a genuinely signed wrong amount; the order stays unpaid', async () => {
    const o = await open(USERS.learner2, 'repo', ITEMS.repo);
    expect((await pay(ctx.learner2, o.id, 'wxpay_native')).status).toBe(200);
    const resource = ctx.standIn.forge.wxResource(o.id);
    const paid = {
      ...resource,
      trade_state: 'SUCCESS',
      transaction_id: '4200000000000000001',
      success_time: ctx.standIn.forge.rfc3339(Date.now()),
    };
    const post = (c: { headers: Record<string, string>; body: string }) =>
      fetch(`${ctx.app.config.siteOrigins[0]}/api/pay/notify/wxpay`, {
        method: 'POST',
        headers: c.headers,
        body: c.body,
      });
    expect((await post(ctx.standIn.forge.wxCallback(paid, { signer: 'stranger' }))).status).toBe(500);
    expect((await post(ctx.standIn.forge.wxCallback(paid, { atMs: ctx.standIn.forge.staleMs() }))).status).toBe(500);
    const cheap = {
      ...paid,
      amount: { ...((paid as Record<string, unknown>).amount as object), total: 1, payer_total: 1 },
    };
    expect((await post(ctx.standIn.forge.wxCallback(cheap))).status).toBe(500);
    expect((await order(o.id)).state).toBe(OrderState.WAIT);
    expect((await events(o.id)).some((e) => e.includes('金额不符'))).toBe(true);
    // Not JSON at all, or no body: refused, not a 5xx of ours.
    const junk = await fetch(`${ctx.app.config.siteOrigins[0]}/api/pay/notify/alipay`, { method: 'POST', body: 'x=1' });
    expect(await junk.text()).toBe('failure');
  });
});

describe('reconciliation', () => {
  it('closes an order unpaid after 15 minutes (points back, trade closed at the provider); a payment found later is honoured', async () => {
    const long = new Date(Date.now() - 16 * 60_000);
    const o = await open(USERS.learner2, 'course', ITEMS.mixed, long);
    expect((await pay(ctx.learner2, o.id, 'wxpay_native')).status).toBe(400); // past its time at the pay call
    expect((await order(o.id)).state).toBe(OrderState.CLOSED);
    const o2 = await open(USERS.learner2, 'course', ITEMS.mixed);
    expect((await pay(ctx.learner2, o2.id, 'wxpay_native')).status).toBe(200);
    await ctx.app.db.update(elOrder).set({ expireTime: long }).where(eq(elOrder.id, o2.id));
    await job().runAt();
    expect(await order(o2.id)).toMatchObject({ state: OrderState.CLOSED, providerOpen: false });
    expect(ctx.standIn.calls.wxpay.some((c) => c.includes(`${o2.id}/close`))).toBe(true);
  });

  it('honours a payment made after the order closed here (late callback), and the job then finds the trade paid', async () => {
    const o = await open(USERS.learner, 'course', ITEMS.mixed);
    expect((await pay(ctx.learner, o.id, 'wxpay_native')).status).toBe(200);
    expect((await call(ctx.app, ClientOrderCalls.cancel.url, { id: o.id }, ctx.learner)).body.success).toBe(true);
    expect(await order(o.id)).toMatchObject({ state: OrderState.CLOSED, providerOpen: true });
    // The payer had the QR code open and pays before the provider's trade is closed: the callback comes late.
    expect((await ctx.standIn.pay(o.id))?.status).toBe(204);
    expect(await order(o.id)).toMatchObject({ state: OrderState.PAID, access: true });
    expect((await events(o.id)).some((e) => e.includes('订单关闭后到账'))).toBe(true);
    await job().runAt();
    expect(await order(o.id)).toMatchObject({ state: OrderState.PAID, providerOpen: false });
  });

  it("parallel callbacks, replays and the learner's checks pay an order once", async () => {
    const o = await open(USERS.learner, 'course', ITEMS.course);
    expect((await pay(ctx.learner, o.id, 'wxpay_native')).status).toBe(200);
    await ctx.standIn.pay(o.id, { notify: false });
    await Promise.all([
      ...Array.from({ length: 5 }, () => ctx.standIn.notifyAgain(o.id)),
      ...Array.from({ length: 5 }, () =>
        ctx.app.db
          .update(elOrder)
          .set({ updateTime: new Date(0) })
          .where(eq(elOrder.id, o.id))
          .then(() => job().runAt()),
      ),
    ]);
    expect((await events(o.id)).filter((e) => e.startsWith('支付成功'))).toHaveLength(1);
    expect((await order(o.id)).state).toBe(OrderState.PAID);
  });

  it('asks the provider about a paid trade whose callback never came', async () => {
    const o = await open(USERS.learner2, 'course', ITEMS.course);
    expect((await pay(ctx.learner2, o.id, 'wxpay_native')).status).toBe(200);
    await ctx.standIn.pay(o.id, { notify: false });
    await ctx.app.db
      .update(elOrder)
      .set({ updateTime: new Date(Date.now() - 120_000) })
      .where(eq(elOrder.id, o.id));
    await job().runAt();
    expect(await order(o.id)).toMatchObject({ state: OrderState.PAID, access: true });
    expect(await joined(USERS.learner2, ITEMS.course)).toBe(true);
  });
});

describe('refunds (订单管理)', () => {
  it('a full WeChat refund: 退款中 until the provider settles it, then 已退款 and the unused course taken back', async () => {
    const [row] = await ctx.app.db
      .select()
      .from(elOrder)
      .where(
        and(eq(elOrder.userId, USERS.learner2), eq(elOrder.itemId, ITEMS.course), eq(elOrder.state, OrderState.PAID)),
      );
    expect(row).toBeDefined();
    const learnerTry = await call(
      ctx.app,
      OrderCalls.refund.url,
      { id: row!.id, amountFen: 1, reason: '试' },
      ctx.learner2,
    );
    expect(learnerTry.status).toBe(403);
    const over = await call(
      ctx.app,
      OrderCalls.refund.url,
      { id: row!.id, amountFen: 99_999, reason: '多退' },
      ctx.admin,
    );
    expect([over.status, over.body.msg]).toEqual([400, '退款金额不能超过可退金额！']);
    const r = await call(
      ctx.app,
      OrderCalls.refund.url,
      { id: row!.id, amountFen: 1990, reason: '学员申请' },
      ctx.admin,
    );
    expect(r.body.success).toBe(true);
    expect((await order(row!.id)).state).toBe(OrderState.REFUNDING);
    const again = await call(ctx.app, OrderCalls.refund.url, { id: row!.id, amountFen: 1, reason: '再退' }, ctx.admin);
    expect(again.status).toBe(400);
    const detail = (await call(ctx.app, OrderCalls.detail.url, { id: row!.id }, ctx.admin)).body.data;
    await ctx.standIn.refundSettle(detail.refunds[0].id);
    await until(async () => (await order(row!.id)).state === OrderState.REFUNDED);
    expect(await order(row!.id)).toMatchObject({ state: OrderState.REFUNDED, refundedFen: 1990, access: false });
    expect(await joined(USERS.learner2, ITEMS.course)).toBe(false);
    // Out of order: the provider repeats the old payment callback after the refund; nothing is granted again.
    expect((await ctx.standIn.notifyAgain(row!.id))?.status).toBe(204);
    expect(await order(row!.id)).toMatchObject({ state: OrderState.REFUNDED, access: false });
    expect(await joined(USERS.learner2, ITEMS.course)).toBe(false);
  });

  it('a partial Alipay refund leaves the order paid with what was returned; the list finds it and exports it', async () => {
    const [row] = await ctx.app.db
      .select()
      .from(elOrder)
      .where(
        and(eq(elOrder.userId, USERS.learner), eq(elOrder.itemId, ITEMS.repo), eq(elOrder.state, OrderState.PAID)),
      );
    const r = await call(
      ctx.app,
      OrderCalls.refund.url,
      { id: row!.id, amountFen: 200, reason: '部分退款' },
      ctx.admin,
    );
    expect(r.body.success).toBe(true);
    expect(await order(row!.id)).toMatchObject({ state: OrderState.PAID, refundedFen: 200, access: true });
    const page = await call(
      ctx.app,
      OrderCalls.paging.url,
      { current: 1, size: 10, params: { userName: '钱一', provider: 'alipay' } },
      ctx.admin,
    );
    expect(page.body.data.records.map((x: { id: string }) => x.id)).toContain(row!.id);
    const x = await ctx.app.inject({
      method: 'POST',
      url: OrderCalls.export.url,
      headers: { token: ctx.admin },
      payload: { params: { provider: 'alipay' } },
    });
    expect(x.headers['content-type']).toContain('spreadsheetml');
    expect(OrderItemType.REPO).toBe('repo');
  });
});

describe('what a learner holds', () => {
  it("lists the items held by a paid order, not those a refund took back, nor other learners'", async () => {
    const held = async (token: string, itemType: string) =>
      (await call(ctx.app, ClientOrderCalls.bought.url, { itemType }, token)).body.data as string[];
    expect(await held(ctx.learner, 'course')).toContain(ITEMS.course);
    expect(await held(ctx.learner, 'repo')).toContain(ITEMS.repo);
    // learner2's course order was refunded in full while unused: taken back.
    expect(await held(ctx.learner2, 'course')).not.toContain(ITEMS.course);
    expect((await call(ctx.app, ClientOrderCalls.bought.url, { itemType: 'car' }, ctx.learner)).status).toBe(400);
  });
});
