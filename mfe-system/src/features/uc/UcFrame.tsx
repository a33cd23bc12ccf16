import type { ReactNode } from 'react';
import { Card, Grid, Menu } from '@arco-design/web-react';
import { useLocation, useNavigate } from '@exam/router';
import { selectSite, useAppSelector } from '@exam/store';
import { NoticeCard, useIsMobile } from '@exam/ui';
import { UcBanner } from './UcBanner';

export const UC_BASE = '/pages/uc';
/** 我的订单 is the user centre's own page with this tab (UserCenter.tsx). */
export const UC_ORDER_TAB = 'order';

/**
 * Side menu of the user centre (spec admin §2); 实名认证 only while the site property realPerson is on, 我的证书 while
 * the certificate module is.
 */
const ENTRIES = [
  { key: 'info', title: '个人资料' },
  { key: 'pass', title: '密码安全' },
  { key: 'bind', title: '账号绑定' },
  { key: 'real', title: '实名认证', realPerson: true },
  { key: 'im', title: '站内信息' },
  { key: 'points', title: '积分日志' },
  { key: UC_ORDER_TAB, title: '我的订单' },
  { key: 'cert', title: '我的证书', moduleCert: true },
];

/**
 * Banner, side menu and the page's card: every user-centre view renders inside this frame.
 * The learner's notice card (spec admin §2) sits under the side menu: the user centre is the learner's own page. On a
 * phone it comes after the page's card, which otherwise began below the menu and the notices, out of sight.
 */
export function UcFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  const props = useAppSelector(selectSite)?.props;
  const entries = ENTRIES.filter((e) => (!e.realPerson || props?.realPerson) && (!e.moduleCert || props?.moduleCert));
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const active = pathname.slice(UC_BASE.length + 1).split('/')[0] || new URLSearchParams(search).get('tab') || '';
  const open = (key: string) => navigate(key === UC_ORDER_TAB ? `${UC_BASE}?tab=${key}` : `${UC_BASE}/${key}`);
  const mobile = useIsMobile();
  const notices = (
    <div style={{ marginTop: 16 }}>
      <NoticeCard small onMore={() => navigate('/pages/notice')} />
    </div>
  );
  return (
    <div>
      <UcBanner />
      <Grid.Row gutter={16} style={{ marginTop: 16 }}>
        <Grid.Col xs={24} md={5}>
          <Card bordered={false} bodyStyle={{ padding: 4 }}>
            <Menu selectedKeys={[active]} onClickMenuItem={open}>
              {entries.map((e) => (
                <Menu.Item key={e.key}>{e.title}</Menu.Item>
              ))}
            </Menu>
          </Card>
          {!mobile && notices}
        </Grid.Col>
        <Grid.Col xs={24} md={19}>
          <Card bordered={false} title={title}>
            {children}
          </Card>
          {mobile && notices}
        </Grid.Col>
      </Grid.Row>
    </div>
  );
}
