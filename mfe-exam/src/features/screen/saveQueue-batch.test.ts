import { describe, expect, it } from '@rstest/core';
import { storageKey } from './saveQueue';
import { memoryStorage, setup } from './saveQueue.testing';

describe('exam save queue: batches', () => {
  it('sends what queued up while offline in one batch call, the newest of each question, and passes on the time left', async () => {
    const t = setup(memoryStorage(), { batch: true });
    t.server.offline = true;
    await t.queue.save('q1', { answers: ['a'] });
    await t.queue.save('q2', { answer: '文本' });
    await t.queue.save('q1', { answers: ['c'] });
    await t.queue.save('q3', { mark: true });
    const before = t.server.calls;
    t.server.offline = false;
    await t.queue.flush();
    expect(t.server.calls - before).toBe(1);
    expect(t.server.batches.at(-1)).toBe(3);
    expect(t.server.stored.get('q1')?.answers).toEqual(['c']);
    expect([...t.server.stored.keys()].sort()).toEqual(['q1', 'q2', 'q3']);
    expect(t.saved.sort()).toEqual(['q1', 'q2', 'q3']);
    expect(t.server.lefts.at(-1)).toBe(599);
    expect([t.queue.size, t.states.at(-1)]).toEqual([0, 'saved']);
  });

  it("a single queued save goes by the spec's one-question call, its reply's time left passed on too", async () => {
    const t = setup(memoryStorage(), { batch: true });
    await t.queue.save('q1', { answers: ['a'] });
    expect([t.server.batches.length, t.server.lefts]).toEqual([0, [600]]);
  });

  it('keeps a change made while its batch is on the wire, and sends it next (order kept, nothing lost)', async () => {
    const t = setup(memoryStorage(), { batch: true });
    t.server.offline = true;
    await t.queue.save('q1', { answers: ['a'] });
    await t.queue.save('q2', { answers: ['b'] });
    t.server.offline = false;
    let changed: Promise<void> | undefined;
    t.server.inFlight = () => {
      t.server.inFlight = undefined;
      t.tick();
      changed = t.queue.save('q1', { answers: ['z'] });
    };
    await t.queue.flush();
    await changed;
    expect(t.server.stored.get('q1')?.answers).toEqual(['z']);
    expect(t.server.stored.get('q2')?.answers).toEqual(['b']);
    expect(t.queue.size).toBe(0);
  });

  it('a batch refused as a whole is sent again one save at a time: only the bad save is dropped', async () => {
    const t = setup(memoryStorage(), { batch: true });
    t.server.offline = true;
    for (const q of ['q1', 'bad', 'q2']) await t.queue.save(q, { answers: ['a'] });
    t.server.offline = false;
    await t.queue.flush();
    expect([...t.server.stored.keys()].sort()).toEqual(['q1', 'q2']);
    expect([t.queue.size, t.states.at(-1)]).toEqual([0, 'failed']);
    // Batching resumes afterwards.
    t.server.offline = true;
    for (const q of ['q3', 'q4']) await t.queue.save(q, { answers: ['a'] });
    t.server.offline = false;
    await t.queue.flush();
    expect(t.server.batches.at(-1)).toBe(2);
  });

  it('a save missing from a batch reply is not acknowledged: it stays queued and is sent again', async () => {
    const t = setup(memoryStorage(), { batch: true });
    t.server.offline = true;
    for (const q of ['q1', 'q2']) await t.queue.save(q, { answers: ['a'] });
    t.server.offline = false;
    // The reply leaves q2 out: the queue cannot know it was stored, so it sends it again (by the one-question call).
    t.server.dropFromReply = 'q2';
    const sent: string[] = [];
    const single = t.server.calls;
    await t.queue.flush();
    sent.push(...t.saved);
    expect(t.server.calls - single).toBe(2);
    expect(t.server.batches.at(-1)).toBe(2);
    expect(sent.sort()).toEqual(['q1', 'q2']);
    expect([t.queue.size, t.storage.getItem(storageKey('p1'))]).toEqual([0, null]);
  });

  it('a batch over a closed exam (20010001) stops and forgets the queue', async () => {
    const t = setup(memoryStorage(), { batch: true });
    t.server.offline = true;
    for (const q of ['q1', 'q2']) await t.queue.save(q, { answers: ['a'] });
    t.server.offline = false;
    t.server.over = true;
    await t.queue.flush();
    expect([t.overs.length, t.queue.size, t.storage.getItem(storageKey('p1'))]).toEqual([1, 0, null]);
  });
});
