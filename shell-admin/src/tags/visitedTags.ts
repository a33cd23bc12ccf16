/** A page in the tags view: `path` identifies it, `fullPath` (with query) is where a click goes. */
export interface VisitedTag {
  path: string;
  fullPath: string;
  title: string;
  affix?: boolean;
}

/** Adds or refreshes a tag; affix tags stay first, the others in visiting order. */
export function visit(tags: VisitedTag[], tag: VisitedTag): VisitedTag[] {
  const known = tags.find((t) => t.path === tag.path);
  if (known)
    return tags.map((t) => (t.path === tag.path ? { ...t, fullPath: tag.fullPath, title: tag.title || t.title } : t));
  return [...tags, tag];
}

export const closeTag = (tags: VisitedTag[], path: string) => tags.filter((t) => t.affix || t.path !== path);
export const closeOthers = (tags: VisitedTag[], path: string) => tags.filter((t) => t.affix || t.path === path);
export const closeAll = (tags: VisitedTag[]) => tags.filter((t) => t.affix);

/** Where to go after the tag on screen closed: the last tag left, else home. */
export const fallbackPath = (tags: VisitedTag[]) => tags[tags.length - 1]?.fullPath ?? '/';
