type Node = { id: string; parentId: string };

/** Nests flat rows (already in display order) under their parents; rows whose parent is missing become roots. */
export function buildTree<R extends Node, N extends object>(
  rows: R[],
  pick: (r: R) => N,
): (N & { children?: unknown[] })[] {
  const ids = new Set(rows.map((r) => r.id));
  const kids = new Map<string, R[]>();
  for (const r of rows) kids.set(r.parentId, [...(kids.get(r.parentId) ?? []), r]);
  const toNode = (r: R): N & { children?: unknown[] } => {
    const children = (kids.get(r.id) ?? []).map(toNode);
    return children.length ? { ...pick(r), children } : pick(r);
  };
  return rows.filter((r) => r.parentId === '0' || !ids.has(r.parentId)).map(toNode);
}

/** Ids of a node and everything under it. */
export function subtreeIds(rows: Node[], rootId: string): Set<string> {
  const out = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (out.has(r.parentId) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}
