import { describe, expect, it } from '@rstest/core';
import { checkMenu } from './menu-rules';

describe('menu rules', () => {
  it('strips non-letters from the name and gives top-level menus the Layout component', () => {
    const r = checkMenu({
      parentId: '0',
      menuType: 1,
      metaTitle: '系统',
      name: 'Sys-2 Admin',
      path: '/sys',
      component: 'x',
    });
    expect(r).toEqual({ menu: expect.objectContaining({ name: 'SysAdmin', component: 'Layout' }) });
  });

  it('needs path and component only for type 1', () => {
    expect(checkMenu({ parentId: 'm', menuType: 1, metaTitle: 't', name: 'n', path: 'p' })).toEqual({
      error: '视图组件不能为空！',
    });
    expect(checkMenu({ parentId: 'm', menuType: 2, metaTitle: 't', name: 'n' })).toHaveProperty('menu');
    expect(checkMenu({ parentId: 'm', menuType: 3, metaTitle: 't', name: 'n' })).toHaveProperty('menu');
  });
});
