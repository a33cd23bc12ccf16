import { PAY_NOTIFY_PATHS, PAY_PROVIDERS } from '@exam/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SettleService } from '../order/settle-service';
import type { NotifyAck } from '../provider/provider';
import { paySetups } from '../settings/pay-settings';

const send = (reply: FastifyReply, a: NotifyAck) => reply.code(a.status).type(a.contentType).send(a.body);

/**
 * The providers' callbacks (public: the provider's signature is the only credential). The raw body is kept as sent,
 * since both providers sign its exact bytes; nothing in it is believed before the client verified it.
 */
export async function notifyRoutes(app: FastifyInstance, { settle }: { settle: SettleService }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  for (const provider of PAY_PROVIDERS)
    app.post(PAY_NOTIFY_PATHS[provider], { config: { auth: 'public' } }, async (req, reply) => {
      const setup = (await paySetups(app.db, process.env, { switchedOff: true })).get(provider);
      if (!setup) return reply.code(404).send({ code: 'NOT_CONFIGURED' });
      let notify: Awaited<ReturnType<typeof setup.client.parseNotify>>;
      try {
        notify = await setup.client.parseNotify(req.headers, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
      } catch (err) {
        req.log.warn({ provider, err: (err as Error).message }, 'payment callback refused');
        return send(reply, setup.client.ack(false));
      }
      if (notify.kind === 'refund') {
        await settle.applyRefund(notify.refund, 'refund_notify');
        return send(reply, setup.client.ack(true));
      }
      const outcome = await settle.applyTrade(setup, notify.trade, 'notify');
      if (outcome === 'unknown')
        req.log.warn({ provider, outTradeNo: notify.trade.outTradeNo }, 'callback of no order');
      // A rejected payment (amounts or ids not ours) is answered as failed: the provider retries, the admin sees it.
      return send(reply, setup.client.ack(outcome !== 'rejected'));
    });
}
