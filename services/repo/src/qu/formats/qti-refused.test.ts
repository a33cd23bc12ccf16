import { QuType } from '@exam/contracts';
import { describe, expect, it } from '@rstest/core';
import { ARCHIVE_UNREADABLE } from '@exam/server-kit';
import { KINDS, choices3, decl3, pkg, pkgManifest, v2, v3 } from '../../testing/qti-builder';
import { DOCTYPE_REFUSED } from './import-item';
import { readQtiPackage } from './qti-read';
import { zipFiles } from './zip';

describe('readQtiPackage: items that cannot be imported', () => {
  it('fails an unsupported interaction, a missing correct response, broken XML, a missing file; reads the others', async () => {
    const choice = (decl: string) =>
      v3(
        decl,
        `<p>q</p><qti-choice-interaction response-identifier="RESPONSE">${choices3('a', 'b')}</qti-choice-interaction>`,
      );
    const files = {
      'hotspot.xml': v3('', '<p>点图</p><qti-hotspot-interaction response-identifier="RESPONSE"/>', '', '热点'),
      'order.xml': v2('', '<orderInteraction responseIdentifier="RESPONSE"/>', '', '排序'),
      'upload.xml': v3('', '<p>上传</p><qti-upload-interaction response-identifier="RESPONSE"/>'),
      'nocorrect.xml': choice(decl3('RESPONSE', 'single', 'identifier', [])),
      'noblank.xml': v3(
        decl3('R', 'single', 'string', []),
        '<p>填<qti-text-entry-interaction response-identifier="R"/></p>',
      ),
      'badid.xml': choice(decl3('RESPONSE', 'single', 'identifier', ['Z'])),
      'broken.xml': '<qti-assessment-item><qti-item-body></qti-assessment-item>',
      'nothing.xml': v3('', '<p>只有文字</p>'),
      'other.xml': '<html/>',
      'good.xml': KINDS[1].v3,
      'invalid.xml': choice(decl3('RESPONSE', 'single', 'identifier', ['A'])).replace('>a<', '><'),
    };
    const hrefs = [...Object.keys(files), 'missing.xml'];
    const { items } = await readQtiPackage(pkg(hrefs, files));
    expect(items.map((i) => [i.ref, i.error])).toEqual([
      ['第1题“热点”', '不支持的 QTI 交互“qti-hotspot-interaction”'],
      ['第2题“排序”', '不支持的 QTI 交互“orderInteraction”'],
      ['第3题“题”', '不支持的 QTI 交互“qti-upload-interaction”'],
      ['第4题“题”', '选择题没有正确答案（correctResponse）'],
      ['第5题“题”', '第1空：填空没有正确答案（correctResponse）'],
      ['第6题“题”', '正确答案“Z”不是任何选项'],
      ['第7题“broken.xml”', expect.stringContaining('题目文件不是有效的 XML（第1行')],
      ['第8题“题”', '题目中没有可作答的交互（interaction）'],
      ['第9题“other.xml”', '不是 QTI 题目（根元素为 html）'],
      ['第10题“题”', undefined],
      ['第11题“题”', '选项内容不能为空！'],
      ['第12题“missing.xml”', '题目文件“missing.xml”不在压缩包中'],
    ]);
    // A draft that fails the editor's checks is kept for the preview.
    expect(items[10].qu?.quType).toBe(QuType.SINGLE);
  });
});

describe('readQtiPackage: refused packages', () => {
  const refuses = async (zip: Buffer, message: string) => expect(readQtiPackage(zip)).rejects.toThrow(message);

  it('refuses a DOCTYPE in an item or the manifest (entity expansion, external entities)', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${v3('', '<p>&xxe;</p>')}`;
    await refuses(pkg(['a.xml'], { 'a.xml': xxe }), DOCTYPE_REFUSED);
    const manifest = zipFiles([
      { name: 'imsmanifest.xml', data: Buffer.from(`<!DOCTYPE manifest SYSTEM "http://x/m.dtd">${pkgManifest([])}`) },
    ]);
    await refuses(manifest, DOCTYPE_REFUSED);
  });

  it('refuses no manifest, a broken one, one without items, QTI 1.x, no zip at all', async () => {
    await refuses(zipFiles([{ name: 'item.xml', data: Buffer.from(KINDS[0].v3) }]), '没有 imsmanifest.xml');
    await refuses(
      zipFiles([{ name: 'imsmanifest.xml', data: Buffer.from('<manifest>') }]),
      'imsmanifest.xml 不是有效的 XML',
    );
    await refuses(pkg([], {}), '题目包中没有 QTI 题目');
    await refuses(pkg(['a.xml'], { 'a.xml': '<questestinterop/>' }, 'imsqti_xmlv1p2'), '不支持 QTI 1.x');
    await refuses(Buffer.from('PK not really'), ARCHIVE_UNREADABLE);
  });

  it('refuses a file over the import size before unzipping', async () => {
    await refuses(Buffer.alloc(50 * 2 ** 20 + 1), '文件过大');
  });
});
