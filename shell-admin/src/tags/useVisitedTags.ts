import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '@exam/router';
import { affixRoutes, useCurrentRoute } from '@exam/shell';
import { selectRoutes, useAppSelector } from '@exam/store';
import { closeAll, closeOthers, closeTag, fallbackPath, visit, type VisitedTag } from './visitedTags';

/** Visited pages of this session, plus the routes the menu marks affix (spec admin §2). */
export function useVisitedTags() {
  const routes = useAppSelector(selectRoutes);
  const route = useCurrentRoute();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [tags, setTags] = useState<VisitedTag[]>(() =>
    affixRoutes(routes).map((r) => ({ path: r.path, fullPath: r.path, title: r.title, affix: true })),
  );

  useEffect(() => {
    // The redirect helper only passes through; untitled routes are not pages worth a tag.
    if (!route?.title || pathname.startsWith('/redirect/')) return;
    setTags((current) => visit(current, { path: pathname, fullPath: pathname + search, title: route.title }));
  }, [pathname, search, route?.title]);

  const leaveIfClosed = (left: VisitedTag[]) => {
    if (!left.some((t) => t.path === pathname)) navigate(fallbackPath(left));
  };

  return {
    tags,
    activePath: pathname,
    refresh: (tag: VisitedTag) => navigate(`/redirect${tag.fullPath}`, { replace: true }),
    close: (tag: VisitedTag) => {
      const left = closeTag(tags, tag.path);
      setTags(left);
      leaveIfClosed(left);
    },
    closeOthers: (tag: VisitedTag) => {
      setTags(closeOthers(tags, tag.path));
      if (tag.path !== pathname) navigate(tag.fullPath);
    },
    closeAll: () => {
      const left = closeAll(tags);
      setTags(left);
      leaveIfClosed(left);
    },
  };
}
