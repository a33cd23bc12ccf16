import { useEffect, useState } from 'react';
import { Button, Empty, Message, Radio, Space, Spin, Tree } from '@arco-design/web-react';
import { post } from '@exam/api';
import type { MenuNode, RoleRow } from '@exam/contracts';
import { Permission } from '@exam/ui';

const SUPER_ROLE = 'sa';
type Shown = MenuNode & { children?: Shown[] };
const titleOf = (m: MenuNode) => (m.menuType === 2 ? `${m.metaTitle} [${m.permissionTag}]` : m.metaTitle);

/** The menus a role may use, as a checkable tree of both shells; half-checked parents are saved too. */
export function RoleMenuTree({ role }: { role: RoleRow }) {
  const [terminal, setTerminal] = useState<'admin' | 'web'>('admin');
  const [trees, setTrees] = useState<Record<string, Shown[]>>({});
  const [checked, setChecked] = useState<string[]>([]);
  const [half, setHalf] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    setLoading(true);
    Promise.all([
      post<Shown[]>('/api/sys/menu/tree', { terminal: 'admin' }),
      post<Shown[]>('/api/sys/menu/tree', { terminal: 'web' }),
      post<string[]>('/api/sys/role/list-menus', { id: role.id }),
    ])
      .then(([admin, web, granted]) => {
        setTrees({ admin, web });
        setChecked(granted);
        setHalf([]);
      }, () => undefined)
      .finally(() => setLoading(false));
  }, [role.id]);

  const save = async () => {
    await post('/api/sys/role/save-menus', { id: role.id, menuIds: [...new Set([...checked, ...half])] });
    Message.success('授权保存成功！');
  };
  const readOnly = role.id === SUPER_ROLE;
  const tree = trees[terminal] ?? [];

  return (
    <Spin loading={loading} style={{ display: 'block' }}>
      <Space style={{ marginBottom: 12 }}>
        <Radio.Group type="button" value={terminal} onChange={setTerminal} options={[{ value: 'admin', label: '管理后台' }, { value: 'web', label: '学员前台' }]} />
        <Permission codes={['sys:role:menus']}>
          <Button type="primary" disabled={readOnly} onClick={() => void save().catch(() => undefined)}>保存授权</Button>
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
          onCheck={(keys, extra) => {
            setChecked(keys);
            setHalf(extra.halfCheckedKeys ?? []);
          }}
        />
      )}
    </Spin>
  );
}
