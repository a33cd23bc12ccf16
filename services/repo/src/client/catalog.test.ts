import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { type RepoTest, noSecrets, repoTestApp } from '../testing/test-app';

let t: RepoTest;
beforeAll(async () => {
  t = await repoTestApp();
}, 120_000);
afterAll(() => t.app.close());

const addCat = async (parentValue: string, value: string) => {
  const tree = (await t.post('/api/sys/dic/value/tree', { dicCode: 'repo_catalog' }, t.admin)).body.data;
  const flat = (ns: any[]): any[] => ns.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const parentId = flat(tree).find((n) => n.value === parentValue).id;
  expect(
    (await t.post('/api/sys/dic/value/save', { dicCode: 'repo_catalog', parentId, value, title: value }, t.admin))
      .status,
  ).toBe(200);
};
const newBank = async (catId: string) =>
  (await t.post('/api/repo/save', { title: `分类题库${catId}`, catId, isOpen: true }, t.admin)).body.data.id as string;

describe('the catalogue filter takes sub-catalogues along', () => {
  let child = '';
  let grandchild = '';
  beforeAll(async () => {
    await addCat('tech', 'tech-ai');
    await addCat('tech-ai', 'tech-ai-nlp');
    child = await newBank('tech-ai');
    grandchild = await newBank('tech-ai-nlp');
  });
  const ids = async (url: string, catId: string, token = t.learner) => {
    const r = await t.post(url, { current: 1, size: 50, params: { catId } }, token);
    noSecrets(r);
    return r.body.data.records.map((x: { id: string }) => x.id).sort();
  };

  it('in open banks, my banks and the admin list', async () => {
    expect(await ids('/api/client/repo/open-paging', 'tech')).toEqual(['r-demo-2', child, grandchild].sort());
    expect(await ids('/api/client/repo/open-paging', 'tech-ai')).toEqual([child, grandchild].sort());
    expect(await ids('/api/client/repo/open-paging', 'tech-ai-nlp')).toEqual([grandchild]);
    expect(await ids('/api/client/repo/open-paging', 'safety')).toEqual(['r-demo-1']);
    expect(await ids('/api/client/repo/open-paging', 'nope')).toEqual([]);
    for (const id of ['r-demo-1', 'r-demo-2', grandchild]) await t.post('/api/client/repo/join', { id }, t.learner);
    expect(await ids('/api/client/repo/mine-paging', 'tech')).toEqual(['r-demo-2', grandchild].sort());
    expect(await ids('/api/client/repo/mine-paging', 'tech-ai')).toEqual([grandchild]);
    expect(await ids('/api/repo/paging', 'tech-ai', t.admin)).toEqual([child, grandchild].sort());
  });
});
