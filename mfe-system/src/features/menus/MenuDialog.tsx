import { useEffect, useState } from 'react';
import { Button, Form, Input, Message, Modal, Radio, Switch } from '@arco-design/web-react';
import type { MenuDetail, MenuNode } from '@exam/contracts';
import { IconPickerDialog, MenuIcon, validateForm } from '@exam/ui';
import { cleanMenuName } from '@exam/validators';
import { MenuTreeSelect } from './MenuTreeSelect';
import { useMenuSaveMutation } from './menuApi';

export type MenuEdit = Partial<MenuDetail> & { parentId: string };

const need = (message: string) => [{ required: true, message }];

/** Menu edit dialog (spec admin §4/§5): type 1 needs path and component; names keep letters only. */
export function MenuDialog({
  edit,
  tree,
  terminal,
  onClose,
}: {
  edit?: MenuEdit;
  tree: MenuNode[];
  terminal: 'admin' | 'web';
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const [saveMenu, { isLoading: busy }] = useMenuSaveMutation();
  const [picking, setPicking] = useState(false);
  useEffect(() => {
    if (!edit) return;
    form.resetFields();
    form.setFieldsValue({ menuType: 1, hidden: false, ...edit });
  }, [edit, form]);

  const save = async () => {
    const values = await validateForm(form);
    await saveMenu({ ...values, id: edit?.id, terminal, name: cleanMenuName(values.name ?? '') }).unwrap();
    Message.success('菜单保存成功！');
    onClose();
  };

  return (
    <Modal
      title={edit?.id ? '修改菜单' : '新增菜单'}
      visible={!!edit}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={busy}
      style={{ width: 640 }}
      unmountOnExit
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item label="上级菜单" field="parentId" rules={need('上级菜单不能为空！')}>
          <MenuTreeSelect tree={tree} blocked={edit?.id} />
        </Form.Item>
        <Form.Item label="菜单类型" field="menuType" rules={need('菜单类型不能为空！')}>
          <Radio.Group
            options={[
              { value: 1, label: '菜单' },
              { value: 2, label: '功能' },
              { value: 3, label: '路由' },
            ]}
          />
        </Form.Item>
        <Form.Item label="菜单标题" field="metaTitle" rules={need('菜单标题不能为空！')}>
          <Input />
        </Form.Item>
        <Form.Item
          label="菜单名称"
          field="name"
          rules={need('菜单名称不能为空！')}
          normalize={(v?: string) => cleanMenuName(v ?? '')}
          extra="前端代码名称，只能是字母"
        >
          <Input />
        </Form.Item>
        <Form.Item shouldUpdate noStyle>
          {(values) => {
            const isMenu = values.menuType === 1;
            return (
              <>
                {values.menuType !== 2 && (
                  <>
                    <Form.Item label="访问路径" field="path" rules={isMenu ? need('访问路径不能为空！') : []}>
                      <Input placeholder="如 user，顶级菜单如 /sys" />
                    </Form.Item>
                    <Form.Item
                      label="视图组件"
                      field="component"
                      rules={isMenu && values.parentId !== '0' ? need('视图组件不能为空！') : []}
                      extra={values.parentId === '0' ? '顶级菜单使用 Layout' : '如 system/SysUser'}
                    >
                      <Input disabled={values.parentId === '0'} />
                    </Form.Item>
                    <Form.Item label="重定向" field="redirect">
                      <Input />
                    </Form.Item>
                  </>
                )}
                <Form.Item label="权限标识" field="permissionTag">
                  <Input placeholder="如 sys:user:add" />
                </Form.Item>
                <Form.Item label="图标" field="metaIcon">
                  <Input
                    readOnly
                    prefix={<MenuIcon name={values.metaIcon} />}
                    addAfter={
                      <Button size="mini" type="text" onClick={() => setPicking(true)}>
                        选择
                      </Button>
                    }
                  />
                </Form.Item>
                <Form.Item label="隐藏" field="hidden" triggerPropName="checked">
                  <Switch />
                </Form.Item>
              </>
            );
          }}
        </Form.Item>
      </Form>
      <IconPickerDialog
        visible={picking}
        value={form.getFieldValue('metaIcon')}
        onCancel={() => setPicking(false)}
        onPick={(metaIcon) => (form.setFieldValue('metaIcon', metaIcon), setPicking(false))}
      />
    </Modal>
  );
}
