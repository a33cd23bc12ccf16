import { useEffect, useState } from 'react';
import { post } from '@exam/api';
import type { DepartOption } from '@exam/contracts';

/** The department select tree (value = deptCode); `reload` after changes. */
export function useDeptTree() {
  const [tree, setTree] = useState<DepartOption[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    post<DepartOption[]>('/api/sys/depart/tree-select', {}).then((t) => live && setTree(t), () => undefined);
    return () => {
      live = false;
    };
  }, [version]);
  return { tree, reload: () => setVersion((v) => v + 1) };
}

/** Nodes whose title contains `text`, with the ancestors that lead to them. */
export function filterTree<T extends { title: string; children?: T[] }>(nodes: T[], text: string): T[] {
  if (!text) return nodes;
  return nodes.flatMap((n) => {
    const kids = filterTree(n.children ?? [], text);
    if (n.title.includes(text)) return [n];
    return kids.length ? [{ ...n, children: kids }] : [];
  });
}
