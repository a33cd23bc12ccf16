import { Dropdown, Menu, Tag } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import { useVisitedTags } from './useVisitedTags';
import type { VisitedTag } from './visitedTags';

const styles = {
  bar: {
    display: 'flex',
    gap: 6,
    alignItems: 'center',
    height: 34,
    padding: '0 12px',
    overflowX: 'auto',
    borderBottom: '1px solid var(--color-border)',
    background: 'var(--color-bg-2)',
  },
  tag: { cursor: 'pointer', flexShrink: 0 },
} as const;

/** Tags view of visited pages, with the spec's context menu (width 105). */
export function TagsView() {
  const { tags, activePath, refresh, close, closeOthers, closeAll } = useVisitedTags();
  const navigate = useNavigate();

  const contextMenu = (tag: VisitedTag) => (
    <Menu
      style={{ width: 105 }}
      onClickMenuItem={(key) => {
        if (key === 'refresh') refresh(tag);
        else if (key === 'close') close(tag);
        else if (key === 'others') closeOthers(tag);
        else closeAll();
      }}
    >
      <Menu.Item key="refresh">刷新</Menu.Item>
      {!tag.affix && <Menu.Item key="close">关闭当前</Menu.Item>}
      <Menu.Item key="others">关闭其他</Menu.Item>
      <Menu.Item key="all">关闭全部</Menu.Item>
    </Menu>
  );

  return (
    <div style={styles.bar}>
      {tags.map((tag) => (
        <Dropdown key={tag.path} trigger="contextMenu" droplist={contextMenu(tag)} position="bl">
          <Tag
            style={styles.tag}
            color={tag.path === activePath ? 'arcoblue' : undefined}
            closable={!tag.affix}
            onClose={(e: Event) => {
              // The close icon sits inside the tag: without this the click also opens the closed page.
              e.stopPropagation();
              close(tag);
            }}
            onClick={() => navigate(tag.fullPath)}
          >
            {tag.title}
          </Tag>
        </Dropdown>
      ))}
    </div>
  );
}
