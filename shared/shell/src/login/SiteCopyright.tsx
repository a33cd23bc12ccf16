import { selectSite, useAppSelector } from '@exam/store';

const style = { padding: '16px 0', textAlign: 'center', color: 'var(--color-text-2)', fontSize: 12 } as const;

/** Site copyright footer (text-2: text-3 on the page's fill-2 is below 4.5:1 contrast). The HTML is sanitized by the server on save (DESIGN §4). */
export function SiteCopyright() {
  const copyRight = useAppSelector(selectSite)?.copyRight;
  if (!copyRight) return null;
  return <footer style={style} dangerouslySetInnerHTML={{ __html: copyRight }} />;
}
