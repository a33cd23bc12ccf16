import { describe, expect, it } from '@rstest/core';
import { courseSaveBody } from './courseSaveBody';

const files = [
  { fileId: 'f1', title: '视频', fileType_dictText: '视频' },
  { fileId: 'f2', title: '讲义', fileType_dictText: 'PDF', chapter: '第一章' },
];

describe('courseSaveBody', () => {
  it('splits the period, keeps file order and chapters, and drops what the form does not edit', () => {
    const v = {
      title: '安全生产',
      openType: 1 as const,
      period: ['2026-01-01 00:00:00', '2026-12-31 23:59:59'] as [string, string],
      checkOn: true,
      checkSec: 1,
      fileList: [{ x: 1 }],
      learnFile: 3,
    } as never;
    const body = courseSaveBody('c1', v, ['u1'], files);
    expect(body).toMatchObject({
      id: 'c1',
      title: '安全生产',
      startTime: '2026-01-01 00:00:00',
      endTime: '2026-12-31 23:59:59',
      checkOn: true,
      checkSec: 1,
    });
    expect(body.fileRefs).toEqual([{ fileId: 'f1' }, { fileId: 'f2', chapter: '第一章' }]);
    expect(body).not.toHaveProperty('fileList');
    expect(body).not.toHaveProperty('learnFile');
    expect(body.userIds).toEqual([]);
  });

  it('sends only the targets of the chosen open type; no period means always open', () => {
    const base = { title: 't', deptCodes: ['D1'], password: 'p' };
    expect(courseSaveBody(undefined, { ...base, openType: 2 }, ['u1'], [])).toMatchObject({
      deptCodes: ['D1'],
      userIds: [],
      password: '',
      startTime: '',
      endTime: '',
    });
    expect(courseSaveBody(undefined, { ...base, openType: 3 }, ['u1'], [])).toMatchObject({
      deptCodes: [],
      userIds: ['u1'],
      password: '',
    });
    expect(courseSaveBody(undefined, { ...base, openType: 9 }, ['u1'], [])).toMatchObject({
      deptCodes: [],
      userIds: [],
      password: 'p',
    });
    expect(courseSaveBody(undefined, { ...base, openType: 1 }, [], []).id).toBeUndefined();
  });
});
