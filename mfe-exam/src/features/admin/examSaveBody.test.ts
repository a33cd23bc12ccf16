import { describe, expect, it } from '@rstest/core';
import type { ExamDetail } from '@exam/contracts';
import { EXAM_DEFAULTS, examSaveBody } from './examSaveBody';

const rules = [{ title: '单选题', quType: 1 as const, repoIds: ['r1'], count: 2, score: 10 }];
const loaded = {
  id: 'e1',
  title: '旧标题',
  content: '<p>说明</p>',
  examType: 2,
  offline: true,
  state: 1,
  openType: 2,
  deptCodes: ['A01'],
  startTime: '2026-01-01 00:00:00',
  endTime: '2026-02-01 00:00:00',
  totalTime: 60,
  totalScore: 20,
  qualifyScore: 12,
  leaveOn: false,
  leaveLimit: 3,
  leaveSec: 10,
  pasteBlock: false,
  quCount: 2,
  createTime: '2025-12-01 00:00:00',
  quTitles: { q1: '题干' },
  rules,
} as unknown as ExamDetail;

describe('exam save body', () => {
  it('keeps the loaded fields the form does not show (state, hidden settings) and lets the form win', () => {
    const form = {
      title: '新标题',
      openType: 2,
      deptCodes: ['A02'],
      totalTime: 90,
      qualifyScore: 10,
      leaveOn: false,
      window: ['2026-03-01 00:00:00', '2026-04-01 00:00:00'],
    };
    const body = examSaveBody(loaded, form, { id: 'e1', window: form.window as [string, string], userIds: [], rules });
    expect(body).toMatchObject({
      id: 'e1',
      title: '新标题',
      content: '<p>说明</p>',
      examType: 2,
      offline: true,
      state: 1,
      deptCodes: ['A02'],
      totalTime: 90,
      leaveLimit: 3,
      leaveSec: 10,
      pasteBlock: false,
      startTime: '2026-03-01 00:00:00',
      endTime: '2026-04-01 00:00:00',
      rules,
    });
    // Fields the save does not take stay out, and so does the form's time window.
    for (const k of ['quCount', 'totalScore', 'createTime', 'quTitles', 'window']) expect(body).not.toHaveProperty(k);
  });

  it('a value cleared in the form is cleared, not taken from the record', () => {
    const body = examSaveBody(
      loaded,
      { title: 'x', content: undefined },
      { id: 'e1', window: ['a', 'b'], userIds: ['u1'], rules },
    );
    expect(body.content).toBeUndefined();
    expect(body.userIds).toEqual(['u1']);
  });

  it("a new exam is the form alone, without an id, with the server's defaults", () => {
    const body = examSaveBody(
      undefined,
      { ...EXAM_DEFAULTS, title: '新考试' },
      { id: '', window: ['a', 'b'], userIds: [], rules },
    );
    expect(body.id).toBeUndefined();
    expect(body).not.toHaveProperty('state');
    expect(body).toMatchObject({ title: '新考试', pasteBlock: true, examType: 1, offline: false, content: '' });
  });
});
