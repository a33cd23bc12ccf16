import { QuType } from '@exam/contracts';
import { describe, expect, it } from '@rstest/core';
import { parseAiken } from './aiken';
import { MAX_IMPORT_ITEMS } from './import-item';

describe('parseAiken', () => {
  it('reads single-choice questions: both option styles, CRLF, a BOM, blank lines, a stem of two lines', () => {
    const text = [
      '\uFEFFWhat is the correct answer to this question?',
      'A. Is it this one?',
      'B. Maybe this answer?',
      'C. Possibly this one?',
      'ANSWER: C',
      '',
      '',
      'Which LMS has the most <quiz> formats?',
      'Think twice.',
      'A) Moodle',
      '',
      'B) ATutor',
      'ANSWER: A',
    ].join('\r\n');
    const { items, images } = parseAiken(text);
    expect(images).toEqual([]);
    expect(items).toEqual([
      {
        ref: '第1行',
        chapter: '',
        qu: {
          quType: QuType.SINGLE,
          level: 1,
          content: '<p>What is the correct answer to this question?</p>',
          answerList: [
            { content: 'Is it this one?', isRight: false },
            { content: 'Maybe this answer?', isRight: false },
            { content: 'Possibly this one?', isRight: true },
          ],
        },
      },
      {
        ref: '第8行',
        chapter: '',
        qu: {
          quType: QuType.SINGLE,
          level: 1,
          content: '<p>Which LMS has the most &#60;quiz&#62; formats?<br>Think twice.</p>',
          answerList: [
            { content: 'Moodle', isRight: true },
            { content: 'ATutor', isRight: false },
          ],
        },
      },
    ]);
  });

  it('tolerates Chinese punctuation and a lower-case answer', () => {
    const { items } = parseAiken('我国的首都是？\nA．北京\nB、上海\nC）广州\nANSWER：b');
    expect(items[0].error).toBeUndefined();
    expect(items[0].qu?.answerList).toEqual([
      { content: '北京', isRight: false },
      { content: '上海', isRight: true },
      { content: '广州', isRight: false },
    ]);
  });

  it('reports each broken question with its line, and imports the rest', () => {
    const text = [
      '答案不是选项？', // 1
      'A. 甲',
      'B. 乙',
      'ANSWER: E',
      '',
      '没有答案行？', // 6
      'A. 甲',
      'B. 乙',
      '好题？', // 9
      'A. 甲',
      'B. 乙',
      'ANSWER: A',
      'ANSWER: B', // 13
      '只有一个选项？', // 14
      'A. 甲',
      'ANSWER: A',
      '没有选项？', // 17
      'ANSWER: A',
      '文件结束也没有答案？', // 19
      'A. 甲',
    ].join('\n');
    expect(parseAiken(text).items.map((i) => [i.ref, i.error])).toEqual([
      ['第1行', '答案“E”不是本题的选项字母（应为A、B之一）'],
      ['第6行', '缺少答案行（ANSWER: 选项字母）'],
      ['第9行', undefined],
      ['第13行', '答案行前没有试题'],
      ['第14行', '至少需要两个选项！'],
      ['第17行', '没有选项（A. 选项内容）'],
      ['第19行', '缺少答案行（ANSWER: 选项字母）'],
    ]);
  });

  it('refuses more questions than one import may hold, and an oversized file', () => {
    expect(() => parseAiken('题\nANSWER: A\n'.repeat(MAX_IMPORT_ITEMS + 1))).toThrow('每次最多导入');
    expect(() => parseAiken('x'.repeat(50 * 2 ** 20 + 1))).toThrow('文件过大');
  });
});
