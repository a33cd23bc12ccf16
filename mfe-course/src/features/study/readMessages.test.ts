import { describe, expect, it } from '@rstest/core';
import { parseReadMessage, readAction } from './readMessages';

const msg = (over: object) => ({ stopped: false, stopMsg: '', all: false, current: false, ...over });

describe('reading channel messages', () => {
  it('a stop shows its message (a break follows)', () => {
    expect(readAction(msg({ stopped: true, stopMsg: '人脸认证失败，请重新学习！' }), 'c/f', null)).toEqual({
      kind: 'stopped',
      msg: '人脸认证失败，请重新学习！',
    });
  });

  it('current congratulates on the file, all on the course, once per file', () => {
    expect(readAction(msg({ current: true }), 'c/f1', null)).toEqual({
      kind: 'finish',
      msg: '恭喜，您已学完本课件！',
      key: 'c/f1',
    });
    expect(readAction(msg({ all: true, current: true }), 'c/f1', null)).toMatchObject({
      msg: '恭喜，您已经学完全部课程啦！',
    });
    expect(readAction(msg({ all: true }), 'c/f1', 'c/f1')).toEqual({ kind: 'none' });
    expect(readAction(msg({ current: true }), 'c/f2', 'c/f1')).toMatchObject({ kind: 'finish' });
  });

  it('nothing to do for an empty message, pong or garbage', () => {
    expect(readAction(msg({}), 'c/f', null)).toEqual({ kind: 'none' });
    expect(parseReadMessage('pong')).toBeNull();
    expect(parseReadMessage('{oops')).toBeNull();
    expect(parseReadMessage('"text"')).toBeNull();
    expect(parseReadMessage('{"current":true}')).toEqual({ current: true });
  });
});
