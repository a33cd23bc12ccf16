import { Card, Grid } from '@arco-design/web-react';
import { IconBook, IconFile, IconNotification, IconVideoCamera } from '@arco-design/web-react/icon';
import { useNavigate } from '@exam/router';
import { pathOfName } from '@exam/shell/routes';
import { selectPermissions, selectRoutes, selectSite, useAppSelector } from '@exam/store';
import { visibleEntries } from './quickEntries';

const ICONS: Record<string, typeof IconFile> = {
  exam: IconFile,
  course: IconVideoCamera,
  repo: IconBook,
  notice: IconNotification,
};

/** Quick entries of the admin home, each shown only with its permission (spec admin §2). */
export function QuickEntries() {
  const permissions = useAppSelector(selectPermissions);
  const site = useAppSelector(selectSite);
  const routes = useAppSelector(selectRoutes);
  const navigate = useNavigate();
  const entries = visibleEntries(permissions, site?.props).flatMap((e) => {
    const path = pathOfName(routes, e.route);
    return path ? [{ ...e, to: e.add ? `${path}?add=1` : path }] : [];
  });
  if (entries.length === 0) return null;
  return (
    <Card title="快捷入口" bordered={false} style={{ marginBottom: 16 }}>
      <Grid.Row gutter={[16, 16]}>
        {entries.map((e) => {
          const Icon = ICONS[e.key];
          return (
            <Grid.Col key={e.key} xs={12} md={6}>
              <Card hoverable onClick={() => navigate(e.to)} style={{ cursor: 'pointer', textAlign: 'center' }}>
                <Icon style={{ fontSize: 28, color: 'rgb(var(--primary-6))' }} />
                <div style={{ marginTop: 8 }}>{e.title}</div>
              </Card>
            </Grid.Col>
          );
        })}
      </Grid.Row>
    </Card>
  );
}
