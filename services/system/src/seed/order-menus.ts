import { OrderPerm } from '@exam/contracts';
import { fn, type MenuSeed } from './menu-seed';

/**
 * 订单管理 (issue 40): the orders of paid courses, exams and banks, a top entry of its own beside the learning
 * domains (finance staff get it without 系统管理). No module switch: payments are on by the providers' own switches.
 */
export const ORDER_ADMIN_MENUS: MenuSeed[] = [
  {
    id: 'm-order',
    title: '订单管理',
    path: '/order',
    component: 'Layout',
    icon: 'IconOrderedList',
    children: [
      {
        id: 'm-order-list',
        title: '订单列表',
        name: 'OrderList',
        path: 'list',
        component: 'system/OrderList',
        tag: OrderPerm.LIST,
        children: [
          fn('f-order-detail', '详情', OrderPerm.DETAIL),
          fn('f-order-refund', '退款', OrderPerm.REFUND),
          fn('f-order-export', '导出', OrderPerm.EXPORT),
        ],
      },
    ],
  },
];
