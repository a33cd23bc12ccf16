import { QuType } from '@exam/contracts';
import { describe, expect, it } from '@rstest/core';
import {
  chapterOfCategory,
  checkedItem,
  decodeEntities,
  imageRef,
  replaceImageRefs,
  splitOptionImage,
  textToHtml,
  withOptionImage,
} from './import-item';

describe('import items', () => {
  it('checks a draft with the editor rules, keeping the draft beside the reason and the notes once each', () => {
    const qu = { quType: QuType.SINGLE, content: '<p>题</p>', answerList: [{ content: 'a' }, { content: 'b' }] };
    expect(checkedItem('第1行', '', qu, ['甲', '甲', '乙'])).toEqual({
      ref: '第1行',
      chapter: '',
      qu,
      error: '单选题必须有且只有一个正确答案！',
      note: '甲；乙',
    });
  });

  it('turns plain text into paragraphs and line breaks, escaped', () => {
    expect(textToHtml(' a<b\nc\n\n  \nd ')).toBe('<p>a&#60;b<br>c</p><p>d</p>');
    expect(textToHtml('  ')).toBe('');
  });

  it('decodes the entities plain answers carry inside HTML', () => {
    expect(decodeEntities('a&amp;b &lt;c&gt; &#35;&#x7E; &nbsp;&unknown; &#0;')).toBe('a&b <c> #~  &unknown; &#0;');
  });

  it('gives an option image back to its field and leaves other images in the text', () => {
    const html = withOptionImage('北京<img src="x.png">', '/api/common/file/get/b.png');
    expect(splitOptionImage(html)).toEqual({ content: '北京<img src="x.png">', image: '/api/common/file/get/b.png' });
    expect(splitOptionImage('北京<img src="x.png">')).toEqual({ content: '北京<img src="x.png">' });
    expect(withOptionImage('北京', '')).toBe('北京');
  });

  it('takes the chapter from a category path', () => {
    expect(chapterOfCategory('$course$/top/Default for 课程/第一章')).toBe('第一章');
    expect(chapterOfCategory('$course$/top/A//B')).toBe('A/B');
    expect(chapterOfCategory('$course$/top')).toBe('');
    expect(chapterOfCategory(' 第二章 ')).toBe('第二章');
    expect(chapterOfCategory('')).toBe('');
  });

  it('replaces image references in every rich field and option image, children included', () => {
    const ref = `<img src="${imageRef(1)}">`;
    const qu = replaceImageRefs(
      {
        quType: QuType.COMPOSITE,
        content: ref,
        analysis: ref,
        subList: [
          {
            quType: QuType.SINGLE,
            content: `${ref}${ref}`,
            refAnswer: ref,
            answerList: [{ content: ref, image: imageRef(0) }],
          },
        ],
      },
      (n) => `/f/${n}.png`,
    );
    expect(qu).toMatchObject({
      content: '<img src="/f/1.png">',
      analysis: '<img src="/f/1.png">',
      subList: [
        {
          content: '<img src="/f/1.png"><img src="/f/1.png">',
          refAnswer: '<img src="/f/1.png">',
          answerList: [{ content: '<img src="/f/1.png">', image: '/f/0.png' }],
        },
      ],
    });
  });
});
