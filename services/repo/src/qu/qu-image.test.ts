import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { type RepoTest, noSecrets, repoTestApp } from '../testing/test-app';

let t: RepoTest;
beforeAll(async () => {
  t = await repoTestApp();
}, 120_000);
afterAll(() => t.app.close());

const PIC = '/api/common/file/get/20260101/0123456789abcdef0123456789abcdef.png';
const WEB_PIC = 'https://cdn.example.com/a.jpg';
const single = (image: string) => ({
  quType: 1,
  content: '<p>哪个是禁止标志？</p>',
  answerList: [{ content: '圆形', isRight: true, image }, { content: '三角形' }],
});
type Opt = { id: string; abc?: string; content: string; image: string };

describe('option pictures', () => {
  let repoId = '';
  beforeAll(async () => {
    repoId = (await t.post('/api/repo/save', { title: '图片选项题库', isOpen: true }, t.admin)).body.data.id;
  });

  it('stores an option picture and reads it back, a sub-question’s too; a picture alone is an option', async () => {
    const r = await t.post('/api/qu/qu/save', { repoId, ...single(PIC) }, t.admin);
    expect(r.status, r.body.msg).toBe(200);
    const d = (await t.post('/api/qu/qu/detail', { id: r.body.data.id }, t.admin)).body.data;
    expect(d.answerList.map((o: Opt) => o.image)).toEqual([PIC, '']);
    // Editing without touching the picture keeps it; clearing it removes it.
    expect((await t.post('/api/qu/qu/save', { ...d, repoId, content: '<p>改过</p>' }, t.admin)).status).toBe(200);
    const kept = (await t.post('/api/qu/qu/detail', { id: d.id }, t.admin)).body.data;
    expect(kept.answerList.map((o: Opt) => o.image)).toEqual([PIC, '']);
    const cleared = { ...kept, repoId, answerList: kept.answerList.map((o: Opt) => ({ ...o, image: '' })) };
    expect((await t.post('/api/qu/qu/save', cleared, t.admin)).status).toBe(200);
    expect((await t.post('/api/qu/qu/detail', { id: d.id }, t.admin)).body.data.answerList[0].image).toBe('');

    const onlyPic = {
      quType: 26,
      content: '量表',
      answerList: [
        { content: '', image: WEB_PIC, score: 2 },
        { content: '低', score: 1 },
      ],
    };
    const comp = await t.post(
      '/api/qu/qu/save',
      { repoId, quType: 99, content: '组合', subList: [single(PIC), onlyPic] },
      t.admin,
    );
    expect(comp.status, comp.body.msg).toBe(200);
    const cd = (await t.post('/api/qu/qu/detail', { id: comp.body.data.id }, t.admin)).body.data;
    expect(cd.subList.map((s: { answerList: Opt[] }) => s.answerList[0].image)).toEqual([PIC, WEB_PIC]);
    // Without text or picture an option is still empty.
    const none = await t.post(
      '/api/qu/qu/save',
      { repoId, ...single(''), answerList: [{ content: '', isRight: true }, { content: 'b' }] },
      t.admin,
    );
    expect(none.body.msg).toBe('选项内容不能为空！');
  });

  it('refuses a picture that is not an uploaded file or a web address', async () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/api/sys/user/paging',
      '/api/common/file/get/../../x.png',
      `${PIC}" onerror="x`,
      '//evil.example.com/a.png',
    ]) {
      const r = await t.post('/api/qu/qu/save', { repoId, ...single(bad) }, t.admin);
      expect(r.status, bad).toBe(400);
      expect(r.body.msg, bad).toBe('选项图片地址不正确！');
    }
    const sub = await t.post(
      '/api/qu/qu/save',
      { repoId, quType: 99, content: '组合', subList: [single('javascript:alert(1)')] },
      t.admin,
    );
    expect(sub.body.msg).toBe('选项图片地址不正确！');
    expect(
      (await t.post('/api/qu/qu/save', { repoId, ...single(`https://a.com/${'x'.repeat(1000)}`) }, t.admin)).status,
    ).toBe(400);
  });

  it('shows the picture to a learner in training, still without any answer', async () => {
    const bank = (await t.post('/api/repo/save', { title: '图片训练', isOpen: true }, t.admin)).body.data.id;
    const quId = (await t.post('/api/qu/qu/save', { repoId: bank, ...single(PIC) }, t.admin)).body.data.id;
    const trainId = (await t.post('/api/repo/train/start', { repoId: bank, trainMode: 'sequence' }, t.learner)).body
      .data.id;
    const q = await t.post('/api/repo/train/qu-detail', { trainId, quId }, t.learner);
    noSecrets(q);
    expect(q.body.data.qu.answerList.map((o: Opt) => [o.abc, o.image])).toEqual([
      ['A', PIC],
      ['B', ''],
    ]);
  });
});
