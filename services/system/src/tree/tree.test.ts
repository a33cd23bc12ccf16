import { describe, expect, it } from '@rstest/core';
import { buildTree, subtreeIds } from './tree';

const rows = [
  { id: 'a', parentId: '0' },
  { id: 'b', parentId: 'a' },
  { id: 'c', parentId: 'b' },
  { id: 'd', parentId: 'gone' },
];

describe('tree helpers', () => {
  it('nests rows and keeps orphans as roots', () => {
    expect(buildTree(rows, (r) => ({ id: r.id }))).toEqual([
      { id: 'a', children: [{ id: 'b', children: [{ id: 'c' }] }] },
      { id: 'd' },
    ]);
  });

  it('collects a subtree', () => {
    expect([...subtreeIds(rows, 'a')].sort()).toEqual(['a', 'b', 'c']);
  });
});
