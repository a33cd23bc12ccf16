import {
  localPathOf,
  OrderState,
  type OrderPayReq,
  type PagingQuery,
  type OrderView,
  PAY_NOTIFY_PATHS,
  PAY_PROVIDERS,
  type PayProviderCode,
  type Prepay,
  providerOfChannel,
} from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  type KeyValue,
  type OrderRecord,
  badRequest,
  closeOrder,
  notFound,
  orderEvent,
  orderView,
  pageQuery,
} from '@exam/server-kit';
import { PayFailure } from '../provider/provider';
import { wxAuthorizeUrl, wxOpenIdOf } from '../provider/wx-openid';
import { type PaySetup, paySetups } from '../settings/pay-settings';
import * as repo from './order-repository';
import type { SettleService } from './settle-service';

/** How often the learner's return or polling may ask the provider about one order. */
const QUERY_EVERY_MS = 5_000;

type Deps = { db: Db; kv: KeyValue; settle: SettleService; siteUrl: string; env?: NodeJS.ProcessEnv };

/** Why a provider refused, in the learner's words. */
const payFailureMsg = (e: PayFailure) =>
  e.kind === 'busy'
    ? '支付服务繁忙，请稍后再试！'
    : e.kind === 'paid'
      ? '订单已支付！'
      : '发起支付失败，请联系管理员！';

/** The learner's orders: choose how to pay, ask whether it was paid, cancel, list. */
export function orderService({ db, kv, settle, siteUrl, env = process.env }: Deps) {
  async function own(u: AuthUser, id: string) {
    const o = await repo.ownOrder(db, u.id, id);
    if (!o) throw notFound('订单不存在！');
    return o;
  }

  /** Closes the order's trade at the provider it was started with, before paying it with the other one. */
  async function closeElsewhere(o: OrderRecord) {
    const setup = (await paySetups(db, env, { switchedOff: true })).get(o.provider as PayProviderCode);
    if (!setup) return;
    const closed = await settle.closeTrade(setup, o.id).catch((e: unknown) => {
      throw e instanceof PayFailure ? badRequest(payFailureMsg(e)) : e;
    });
    if (closed === 'paid') throw badRequest('订单已支付！');
    await orderEvent(db, o.id, 'close', `改用其他支付方式，已关闭${o.provider}交易`, { provider: o.provider });
  }

  /** JSAPI's payer: the openid WeChat's silent authorization gave this page a code for. */
  async function payerOpenId(setup: PaySetup, code: string | undefined) {
    if (!setup.jsapi) throw badRequest('暂不支持在微信内支付，请在浏览器中打开本页面！');
    if (!code) throw badRequest('请在微信中授权后再支付！');
    try {
      return await wxOpenIdOf(setup.jsapi.cfg, code, setup.jsapi.opts);
    } catch (e) {
      if (!(e instanceof PayFailure)) throw e;
      throw badRequest(e.kind === 'busy' ? '支付服务繁忙，请稍后再试！' : '微信授权已失效，请重新支付！');
    }
  }

  return {
    /** The address of WeChat's silent authorization, back to `returnPath` on this site with a code for JSAPI. */
    async wxAuthorize(u: AuthUser, orderId: string, returnPath: string | undefined, backTo = siteUrl) {
      const o = await own(u, orderId);
      if (o.state !== OrderState.WAIT) throw badRequest('订单已关闭，请重新下单！');
      const setup = (await paySetups(db, env)).get('wxpay');
      if (!setup?.jsapi) throw badRequest('暂不支持在微信内支付，请在浏览器中打开本页面！');
      const back = localPathOf(returnPath ?? '') ?? '/pages/uc';
      return { url: wxAuthorizeUrl(setup.jsapi.cfg, `${backTo}${back}`, o.id, setup.jsapi.opts) };
    },

    async options() {
      const setups = await paySetups(db, env);
      return { providers: PAY_PROVIDERS.filter((p) => setups.has(p)) };
    },

    /**
     * Makes the trade at the provider for the channel chosen (the first choice binds the order: a provider keeps one
     * trade per order number, so paying another way means a new order) and answers what the page shows or opens.
     */
    async pay(u: AuthUser, req: OrderPayReq, clientIp: string, backTo = siteUrl): Promise<Prepay> {
      const o = await own(u, req.orderId);
      if (o.state === OrderState.PAID) throw badRequest('订单已支付！');
      if (o.state !== OrderState.WAIT) throw badRequest('订单已关闭，请重新下单！');
      if (o.expireTime.getTime() <= Date.now()) {
        await db.transaction((tx) => closeOrder(tx, o, '超时未支付'));
        throw badRequest('订单已超时关闭，请重新下单！');
      }
      const provider = providerOfChannel(req.channel);
      const setup = (await paySetups(db, env)).get(provider);
      if (!setup) throw badRequest('该支付方式未开启！');
      if (o.channel !== req.channel) {
        // A provider keeps one trade per order number: another channel of the same provider needs a new order; the
        // other provider is fine once this one's trade is closed (a trade found paid there is the order paid).
        if (o.provider === provider || (await repo.tradeClosedAt(db, o.id, provider)))
          throw badRequest('该订单已选择其他支付方式，请取消后重新下单！');
        if (o.provider) await closeElsewhere(o);
        if (!(await repo.chooseChannel(db, o.id, o.channel, provider, req.channel)))
          throw badRequest('订单状态已变化，请刷新后再试！');
      }
      const back = localPathOf(req.returnPath ?? '') ?? '/pages/uc';
      const openId = req.channel === 'wxpay_jsapi' ? await payerOpenId(setup, req.code) : undefined;
      try {
        const prepay = await setup.client.prepay({
          channel: req.channel,
          outTradeNo: o.id,
          amountFen: o.amountFen,
          subject: o.itemTitle,
          notifyUrl: `${siteUrl}${PAY_NOTIFY_PATHS[provider]}`,
          returnUrl: `${backTo}${back}`,
          clientIp,
          openId,
          expireAt: o.expireTime,
        });
        await orderEvent(db, o.id, 'prepay', `发起支付（${req.channel}）`);
        return prepay;
      } catch (e) {
        if (!(e instanceof PayFailure)) throw e;
        await orderEvent(db, o.id, 'prepay', `发起支付失败：${e.providerCode}`);
        throw badRequest(payFailureMsg(e));
      }
    },

    /** The order now: an unpaid one with a trade is asked of the provider first (at most every few seconds). */
    async status(u: AuthUser, id: string): Promise<OrderView> {
      let o = await own(u, id);
      if (o.state === OrderState.WAIT && o.provider && (await kv.setNx(`pay:q:${o.id}`, '1', QUERY_EVERY_MS))) {
        const setup = (await paySetups(db, env, { switchedOff: true })).get(o.provider as PayProviderCode);
        const trade = setup && (await setup.client.query(o.id).catch(() => undefined));
        if (setup && trade) await settle.applyTrade(setup, trade, 'query');
        o = (await repo.orderById(db, id)) ?? o;
      }
      return orderView(o);
    },

    /** 取消订单: an unpaid order closes now (its points come back; the job closes the trade at the provider). */
    async cancel(u: AuthUser, id: string) {
      const o = await own(u, id);
      if (o.state !== OrderState.WAIT) throw badRequest('只能取消待支付的订单！');
      const closed = await db.transaction((tx) => closeOrder(tx, o, '学员取消'));
      if (!closed) throw badRequest('只能取消待支付的订单！');
    },

    bought: (u: AuthUser, itemType: string) => repo.boughtItems(db, u.id, itemType),

    minePaging: (u: AuthUser, q: PagingQuery<{ state?: number }>) =>
      pageQuery(
        q,
        async (limit, offset) => (await repo.mineOrders(db, u.id, q.params?.state, limit, offset)).map(orderView),
        () => repo.mineCount(db, u.id, q.params?.state),
      ),
  };
}
