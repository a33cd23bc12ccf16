import { useState } from 'react';
import { Button, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconPlus } from '@arco-design/web-react/icon';
import type { MenuNode } from '@exam/contracts';
import { DeleteButton, MenuIcon, PageContainer, Permission, runAndSay, useCan, FitTable } from '@exam/ui';
import { MenuDialog, type MenuEdit } from './MenuDialog';
import { useMenuRemoveMutation, useMenuSortMutation, useMenuTreeQuery } from './menuApi';
import { type Terminal, TerminalSwitch } from './TerminalSwitch';

const TYPES: Record<number, [string, string]> = {
  1: ['菜单', 'arcoblue'],
  2: ['功能', 'orange'],
  3: ['路由', 'purple'],
};

/** Menus (route SysMenu): the whole tree of one shell with function entries; edit, delete, move. */
export default function SysMenu() {
  const [terminal, setTerminal] = useState<Terminal>('admin');
  const { data: tree = [] } = useMenuTreeQuery({ terminal });
  const [removeMenu] = useMenuRemoveMutation();
  const [sortMenu] = useMenuSortMutation();
  const [edit, setEdit] = useState<MenuEdit>();
  const can = useCan();

  // The tree refreshes through its tag after each write.
  const move = (m: MenuNode, sort: 0 | 1) => void runAndSay(() => sortMenu({ id: m.id, sort }).unwrap(), '操作成功！');

  const columns: TableColumnProps<MenuNode>[] = [
    {
      title: '菜单标题',
      dataIndex: 'metaTitle',
      render: (t: string, m) => (
        <Space size={6}>
          {m.menuType !== 2 && <MenuIcon name={m.metaIcon} />}
          {t}
        </Space>
      ),
    },
    {
      title: '类型',
      dataIndex: 'menuType',
      width: 80,
      render: (t: number) => <Tag color={TYPES[t]?.[1]}>{TYPES[t]?.[0]}</Tag>,
    },
    { title: '名称', dataIndex: 'name' },
    { title: '路径', dataIndex: 'path' },
    { title: '视图组件', dataIndex: 'component' },
    { title: '权限标识', dataIndex: 'permissionTag' },
    {
      title: '操作',
      key: 'op',
      width: 300,
      render: (_: unknown, m) => (
        <Space size={0}>
          {can('sys:menu:add') && m.menuType !== 2 && (
            <Button
              type="text"
              size="small"
              onClick={() => setEdit({ parentId: m.id, menuType: m.menuType === 3 ? 3 : 1 })}
            >
              新增下级
            </Button>
          )}
          {can('sys:menu:update') && (
            <Button type="text" size="small" onClick={() => setEdit(m)}>
              编辑
            </Button>
          )}
          {can('sys:menu:update') && (
            <Button type="text" size="small" icon={<IconArrowUp />} aria-label="上移" onClick={() => move(m, 0)} />
          )}
          {can('sys:menu:update') && (
            <Button type="text" size="small" icon={<IconArrowDown />} aria-label="下移" onClick={() => move(m, 1)} />
          )}
          <DeleteButton permission="sys:menu:delete" onDelete={() => removeMenu({ ids: [m.id] }).unwrap()} />
        </Space>
      ),
    },
  ];

  return (
    <PageContainer
      title="菜单管理"
      extra={
        <Space>
          <TerminalSwitch value={terminal} onChange={setTerminal} />
          <Permission codes={['sys:menu:add']}>
            <Button type="primary" icon={<IconPlus />} onClick={() => setEdit({ parentId: '0' })}>
              新增
            </Button>
          </Permission>
        </Space>
      }
    >
      <FitTable rowKey="id" columns={columns} data={tree} pagination={false} size="small" />
      <MenuDialog edit={edit} tree={tree} terminal={terminal} onClose={() => setEdit(undefined)} />
    </PageContainer>
  );
}
