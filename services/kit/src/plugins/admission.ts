import { Code } from '@exam/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** What a replica takes at once, how many wait behind them and for how long (ADMIT_* in the environment). */
export type AdmissionLimits = { concurrent: number; queue: number; waitMs: number };

export const admissionLimits = (env: NodeJS.ProcessEnv = process.env): AdmissionLimits => ({
  concurrent: Number(env.ADMIT_CONCURRENT ?? 64),
  queue: Number(env.ADMIT_QUEUE ?? 1024),
  waitMs: Number(env.ADMIT_WAIT_MS ?? 5000),
});

export const BUSY_MSG = '当前参加的人数较多，正在排队，请稍候…';
/** Probes and sockets are never held back: an orchestrator must see a busy replica as alive and ready. */
const EXEMPT = /^\/(healthz|readyz)$/;

/**
 * Admission control (issue 42): a thousand examinees pressing 开始考试 at once must meet a queue, not connection resets
 * or a gateway that gives up on a replica. At most `concurrent` calls are handled at a time; up to `queue` more wait in
 * order, each at most `waitMs`; any other is answered at once with 503, `Retry-After` and Code.BUSY before anything of
 * it ran, so the client sends it again (every call, a hand-in too, is safe to repeat then). The wait is told from the
 * rate calls finish at, so retries spread out instead of coming back together.
 */
export const admissionPlugin = fp<{ limits?: AdmissionLimits }>(
  async (app: FastifyInstance, opts) => {
    const limits = opts.limits ?? admissionLimits();
    let active = 0;
    const waiting: (() => void)[] = [];
    // Calls finished per second, smoothed: how fast the queue moves.
    let rate = 50;
    let done = 0;
    const meter = setInterval(() => {
      rate = rate * 0.7 + done * 0.3;
      done = 0;
    }, 1000);
    meter.unref();
    app.addHook('onClose', async () => clearInterval(meter));

    const release = () => {
      done++;
      const next = waiting.shift();
      if (next) next();
      else active--;
    };
    const busy = (reply: FastifyReply) => {
      const seconds = Math.min(10, Math.max(1, Math.ceil((waiting.length + active) / Math.max(rate, 1))));
      return reply
        .status(503)
        .header('retry-after', String(seconds))
        .send({ code: Code.BUSY, msg: BUSY_MSG, data: null, success: false });
    };

    app.addHook('onRequest', async (req, reply) => {
      if (EXEMPT.test(req.url) || req.headers.upgrade) return;
      if (active < limits.concurrent) active++;
      else {
        if (waiting.length >= limits.queue) return busy(reply);
        const admitted = await new Promise<boolean>((resolve) => {
          const turn = () => {
            clearTimeout(timer);
            resolve(true);
          };
          const timer = setTimeout(() => {
            waiting.splice(waiting.indexOf(turn), 1);
            resolve(false);
          }, limits.waitMs);
          waiting.push(turn);
        });
        if (!admitted) return busy(reply);
        // The slot of the call that finished passed to this one (active unchanged).
      }
      // Once per call, however it ends: answered, failed, or the client gone (maybe while it waited).
      if (reply.raw.closed) release();
      else reply.raw.once('close', release);
    });
  },
  { name: 'admission' },
);
