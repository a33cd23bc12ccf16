import { useSelectorDepartTreeQuery } from './selectorApi';

/** The department select tree (value = deptCode); department writes refresh it through their tag, `reload` forces it. */
export function useDeptTree() {
  const { data: tree = [], refetch } = useSelectorDepartTreeQuery({});
  return { tree, reload: () => void refetch() };
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
