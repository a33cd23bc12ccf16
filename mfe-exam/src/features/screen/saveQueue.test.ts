import { describe, expect, it } from '@rstest/core';
import type { FillAnswerReq } from '@exam/contracts';
import { SaveQueue, type SaveFailure, type SaveState } from './saveQueue';
import { hms } from './useCountdown';

class Offline extends Error {}
class Over extends Error {}

/** A queue over a fake server that can be switched offline. */
function setup() {
  const server = { offline: false, over: false, stored: new Map<string, FillAnswerReq>(), calls: 0 };
  const states: SaveState[] = [];
  const saved: string[] = [];
  const overs: unknown[] = [];
  let clock = 1_000;
  const queue = new SaveQueue('p1', {
    send: async (body) => {
      server.calls++;
      if (server.offline) throw new Offline();
      if (server.over) throw new Over();
      const old = server.stored.get(body.quId);
      const stale = !!old && (old.seq ?? 0) > (body.seq ?? 0);
      if (!stale) server.stored.set(body.quId, body);
      return { answered: !!body.answers?.length, mark: !!body.mark, stale };
    },
    classify: (e): SaveFailure => (e instanceof Offline ? 'offline' : e instanceof Over ? 'over' : 'refused'),
    onState: (s) => states.push(s),
    onSaved: (quId) => saved.push(quId),
    onOver: (e) => overs.push(e),
    now: () => clock,
  });
  return { server, states, saved, overs, queue, tick: () => { clock += 1; } };
}

describe('exam save queue', () => {
  it('saves each change with a growing seq and reports saved', async () => {
    const t = setup();
    await t.queue.save('q1', { answers: ['a'] });
    await t.queue.save('q1', { answers: ['b'] });
    expect(t.server.stored.get('q1')?.answers).toEqual(['b']);
    expect(t.server.stored.get('q1')?.paperId).toBe('p1');
    expect(t.states.at(-1)).toBe('saved');
    expect(t.queue.size).toBe(0);
  });

  it('keeps answers through a network drop and sends the newest of each question when back', async () => {
    const t = setup();
    t.server.offline = true;
    await t.queue.save('q1', { answers: ['a'] });
    await t.queue.save('q2', { answer: '文本' });
    await t.queue.save('q1', { answers: ['c'] });
    expect(t.states.at(-1)).toBe('queued');
    expect(t.queue.size).toBe(2);
    expect(t.server.stored.size).toBe(0);
    t.server.offline = false;
    await t.queue.flush();
    expect(t.server.stored.get('q1')?.answers).toEqual(['c']);
    expect(t.server.stored.get('q2')?.answer).toBe('文本');
    expect(t.queue.size).toBe(0);
    expect(t.states.at(-1)).toBe('saved');
  });

  it('seq grows even when the clock stands still or goes back', async () => {
    const t = setup();
    await t.queue.save('q1', { answers: ['a'] });
    const first = t.server.stored.get('q1')!.seq!;
    await t.queue.save('q1', { answers: ['b'] });
    expect(t.server.stored.get('q1')!.seq!).toBeGreaterThan(first);
    t.tick();
    await t.queue.save('q1', { answers: ['c'] });
    expect(t.server.stored.get('q1')!.seq!).toBeGreaterThan(first + 1);
  });

  it('a flush during a running send waits for it, then sends what came meanwhile', async () => {
    const t = setup();
    const a = t.queue.save('q1', { answers: ['a'] });
    const b = t.queue.save('q2', { answers: ['b'] });
    await t.queue.flush();
    await Promise.all([a, b]);
    expect([...t.server.stored.keys()].sort()).toEqual(['q1', 'q2']);
  });

  it('stops and reports when the exam is over (20010001)', async () => {
    const t = setup();
    t.server.over = true;
    await t.queue.save('q1', { answers: ['a'] });
    expect(t.overs).toHaveLength(1);
    expect(t.saved).toEqual([]);
  });
});

describe('countdown text', () => {
  it('shows hh:mm:ss and never a negative time', () => {
    expect(hms(3725)).toBe('01:02:05');
    expect(hms(59)).toBe('00:00:59');
    expect(hms(-3)).toBe('00:00:00');
  });
});
