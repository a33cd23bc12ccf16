import { selectSite, useAppSelector } from '@exam/store';

const style = { padding: '16px 0', textAlign: 'center', color: 'var(--color-text-3)', fontSize: 12 } as const;

/** Site copyright footer. The HTML is sanitized by the server on save (DESIGN §4). */
export function SiteCopyright() {
  const copyRight = useAppSelector(selectSite)?.copyRight;
  if (!copyRight) return null;
  return <footer style={style} dangerouslySetInnerHTML={{ __html: copyRight }} />;
}
