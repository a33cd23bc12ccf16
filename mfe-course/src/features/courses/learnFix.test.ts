import { describe, expect, it } from '@rstest/core';
import { learnFix } from './learnFix';

const row = { userId: 'u1', realName: '张小明', finished: false };

describe('learnFix', () => {
  it('marks every file of the course finished for that learner only (no fileId: the whole course)', () => {
    const fix = learnFix('c1', row, true);
    expect(fix.body).toEqual({ courseId: 'c1', userId: 'u1', finished: true });
    expect(fix.confirm).toContain('张小明');
    expect(fix.label).toBe('设为完成');
  });

  it('resets the progress with a warning that it cannot be undone', () => {
    const fix = learnFix('c1', { ...row, finished: true }, false);
    expect(fix.body).toEqual({ courseId: 'c1', userId: 'u1', finished: false });
    expect(fix.confirm).toContain('不可恢复');
    expect(fix.done).toBe('学习进度已重置！');
  });
});
