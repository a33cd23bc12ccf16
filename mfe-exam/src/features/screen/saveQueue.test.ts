import { describe, expect, it } from '@rstest/core';
import { MAX_RETRY_MS, answerOfBody, classifySaveError, retryDelay, storageKey, toSaveBody } from './saveQueue';
import { memoryStorage, setup } from './saveQueue.testing';
import { hms } from './useCountdown';

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

describe('exam save queue: retries, refusals and storage', () => {
  it('keeps what may succeed later and drops only definite refusals', () => {
    for (const status of [0, 401, 408, 429, 500, 502, 503, 504])
      expect(classifySaveError({ status, code: status })).toBe('retry');
    expect(classifySaveError({ status: 500, code: 10010009 })).toBe('retry');
    expect(classifySaveError({ status: 401, code: 10010002 })).toBe('retry');
    expect(classifySaveError(new TypeError('Failed to fetch'))).toBe('retry');
    expect(classifySaveError({ status: 409, code: 20010001 })).toBe('over');
    for (const [status, code] of [
      [400, 10010001],
      [403, 10010003],
      [404, 10010004],
      [409, 10010005],
    ]) {
      expect(classifySaveError({ status, code })).toBe('refused');
    }
  });

  it('backs off 1 s, 2 s, 4 s … up to 15 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelay)).toEqual([
      1000,
      2000,
      4000,
      8000,
      MAX_RETRY_MS,
      MAX_RETRY_MS,
      MAX_RETRY_MS,
    ]);
  });

  it('retries a kept save on a timer with growing delays, and at once with retryNow', async () => {
    const t = setup();
    t.server.offline = true;
    await t.queue.save('q1', { answers: ['a'] });
    expect(t.timers.map((x) => x.ms)).toEqual([1000]);
    t.timers[0].fn();
    await new Promise((r) => setTimeout(r, 0)); // the timer's send fails again
    expect(t.timers.map((x) => x.ms)).toEqual([1000, 2000]);
    expect(t.states.at(-1)).toBe('queued');
    t.server.offline = false;
    await t.queue.retryNow();
    expect(t.timers[1].cancelled).toBe(true);
    expect(t.server.stored.get('q1')?.answers).toEqual(['a']);
    expect(t.states.at(-1)).toBe('saved');
    // A success resets the backoff.
    t.server.offline = true;
    await t.queue.save('q2', { answers: ['b'] });
    expect(t.timers.at(-1)?.ms).toBe(1000);
  });

  it('stopped, it schedules no retry but keeps the save', async () => {
    const t = setup();
    t.queue.stop();
    t.server.offline = true;
    await t.queue.save('q1', { answers: ['a'] });
    expect(t.timers).toHaveLength(0);
    expect(t.queue.size).toBe(1);
  });

  it('drops a refused save, reports failed, and goes on with the others', async () => {
    const t = setup();
    t.server.refuse = true;
    await t.queue.save('q1', { answers: ['a'] });
    expect(t.queue.size).toBe(0);
    expect(t.states.at(-1)).toBe('failed');
    expect(t.storage.getItem(storageKey('p1'))).toBeNull();
  });

  it('keeps unsent saves in storage; a reload sends them with their seq', async () => {
    const storage = memoryStorage();
    const before = setup(storage);
    before.server.offline = true;
    await before.queue.save('q1', { answers: ['a'], mark: true });
    await before.queue.save('q2', { answer: '文本' });
    const seq = before.queue.bodies().q1.seq;
    expect(JSON.parse(storage.getItem(storageKey('p1'))!)).toHaveLength(2);
    before.queue.stop();

    const after = setup(storage);
    expect(after.queue.size).toBe(2);
    expect(after.queue.bodies().q1).toMatchObject({ paperId: 'p1', answers: ['a'], mark: true, seq });
    await after.queue.start();
    expect(after.server.stored.get('q1')?.seq).toBe(seq);
    expect(after.server.stored.get('q2')?.answer).toBe('文本');
    expect(storage.getItem(storageKey('p1'))).toBeNull();
    // New saves after the reload still carry a larger seq.
    after.server.offline = true;
    await after.queue.save('q1', { answers: ['b'] });
    expect(after.queue.bodies().q1.seq).toBeGreaterThan(seq!);
  });

  it('ignores a stored queue that is broken or of another paper', () => {
    const storage = memoryStorage();
    storage.setItem(storageKey('p1'), '{not json');
    expect(setup(storage).queue.size).toBe(0);
    storage.setItem(
      storageKey('p1'),
      JSON.stringify([
        { paperId: 'p2', quId: 'q1', seq: 1 },
        { paperId: 'p1', quId: 'q2' },
      ]),
    );
    expect(setup(storage).queue.size).toBe(0);
  });

  it('clear (handed in) and 20010001 forget the stored saves', async () => {
    const t = setup();
    t.server.offline = true;
    await t.queue.save('q1', { answers: ['a'] });
    t.queue.clear();
    expect(t.queue.size).toBe(0);
    expect(t.storage.getItem(storageKey('p1'))).toBeNull();
    await t.queue.save('q1', { answers: ['b'] });
    t.server.offline = false;
    t.server.over = true;
    await t.queue.flush();
    expect(t.overs).toHaveLength(1);
    expect(t.queue.size).toBe(0);
    expect(t.storage.getItem(storageKey('p1'))).toBeNull();
  });

  it('an answer and its save body convert both ways', () => {
    const a = { answers: ['x'], text: '答', blanks: ['1'], pairs: ['r'], subs: { s1: { answers: ['y'] } } };
    const body = toSaveBody(a, true);
    expect(body).toEqual({
      answers: ['x'],
      answer: '答',
      blanks: ['1'],
      pairs: ['r'],
      subs: { s1: { answers: ['y'] } },
      mark: true,
    });
    expect(answerOfBody(body)).toEqual(a);
  });
});

describe('countdown text', () => {
  it('shows hh:mm:ss and never a negative time', () => {
    expect(hms(3725)).toBe('01:02:05');
    expect(hms(59)).toBe('00:00:59');
    expect(hms(-3)).toBe('00:00:00');
  });
});
