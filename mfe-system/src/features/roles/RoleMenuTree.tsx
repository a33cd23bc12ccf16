import { useState } from 'react';
import { Button, Empty, Message, Space, Spin, Tree } from '@arco-design/web-react';
import type { MenuNode, RoleRow } from '@exam/contracts';
import { Permission } from '@exam/ui';
import { useMenuTreeQuery } from '../menus/menuApi';
import { type Terminal, TerminalSwitch } from '../menus/TerminalSwitch';
import { useRoleListMenusQuery, useRoleSaveMenusMutation } from './roleApi';

const SUPER_ROLE = 'sa';
type Shown = MenuNode & { children?: Shown[] };
const titleOf = (m: MenuNode) => (m.menuType === 2 ? `${m.metaTitle} [${m.permissionTag}]` : m.metaTitle);

/** The menus a role may use, as a checkable tree of both shells; half-checked parents are saved too. */
export function RoleMenuTree({ role }: { role: RoleRow }) {
  const [terminal, setTerminal] = useState<Terminal>('admin');
  const admin = useMenuTreeQuery({ terminal: 'admin' });
  const web = useMenuTreeQuery({ terminal: 'web' });
  const granted = useRoleListMenusQuery({ id: role.id }, { refetchOnMountOrArgChange: true });
  const [saveMenus] = useRoleSaveMenusMutation();
  // Ticks made here over the role's grants as loaded; another role (this component is keyed by it) starts afresh.
  const [picked, setPicked] = useState<{ checked: string[]; half: string[] }>();
  const checked = picked?.checked ?? granted.data ?? [];
  const half = picked?.half ?? [];
  const loading = admin.isLoading || web.isLoading || granted.isFetching;

  const save = async () => {
    await saveMenus({ id: role.id, menuIds: [...new Set([...checked, ...half])] }).unwrap();
    Message.success('授权保存成功！');
  };
  const readOnly = role.id === SUPER_ROLE;
  const tree: Shown[] = (terminal === 'admin' ? admin.data : web.data) ?? [];

  return (
    <Spin loading={loading} style={{ display: 'block' }}>
      <Space style={{ marginBottom: 12 }}>
        <TerminalSwitch value={terminal} onChange={setTerminal} />
        <Permission codes={['sys:role:menus']}>
          <Button type="primary" disabled={readOnly} onClick={() => void save().catch(() => undefined)}>
            保存授权
          </Button>
        </Permission>
        {readOnly && <span style={{ color: 'var(--color-text-3)' }}>超级管理员拥有全部权限</span>}
      </Space>
      {tree.length === 0 ? (
        <Empty description="暂无相关数据！" />
      ) : (
        <Tree
          key={`${role.id}-${terminal}`}
          checkable
          blockNode
          defaultExpandedKeys={tree.map((m) => m.id)}
          treeData={tree}
          fieldNames={{ key: 'id', title: 'metaTitle', children: 'children' }}
          renderTitle={(p) => titleOf(p.dataRef as Shown)}
          checkedKeys={checked}
          onCheck={(keys, extra) => setPicked({ checked: keys, half: extra.halfCheckedKeys ?? [] })}
        />
      )}
    </Spin>
  );
}
