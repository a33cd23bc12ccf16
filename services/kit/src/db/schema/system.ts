import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createTime, time, timestamps } from './common';

export const sysDepart = pgTable('sys_depart', {
  id: text('id').primaryKey(),
  parentId: text('parent_id').notNull().default('0'),
  deptName: text('dept_name').notNull(),
  deptCode: text('dept_code').notNull().unique(),
  sort: integer('sort').notNull().default(0),
  createTime: createTime(),
});

export const sysRole = pgTable('sys_role', {
  id: text('id').primaryKey(),
  roleName: text('role_name').notNull(),
  /** 1 learner, 2 admin side. */
  roleType: integer('role_type').notNull(),
  roleLevel: integer('role_level').notNull().default(0),
  remark: text('remark').notNull().default(''),
  createTime: createTime(),
});

export const sysMenu = pgTable(
  'sys_menu',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').notNull().default('0'),
    /** 'admin' menus build the admin shell, 'web' menus the learner shell. */
    terminal: text('terminal').notNull().default('admin'),
    /** 1 menu, 2 function, 3 route. */
    menuType: integer('menu_type').notNull(),
    metaTitle: text('meta_title').notNull(),
    name: text('name').notNull().default(''),
    path: text('path').notNull().default(''),
    component: text('component').notNull().default(''),
    redirect: text('redirect').notNull().default(''),
    permissionTag: text('permission_tag').notNull().default(''),
    metaIcon: text('meta_icon').notNull().default(''),
    /** Module switch the entry depends on ('course', 'exam'), empty for always. */
    module: text('module').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    affix: boolean('affix').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('sys_menu_parent_idx').on(t.parentId)],
);

export const sysRoleMenu = pgTable(
  'sys_role_menu',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => sysRole.id, { onDelete: 'cascade' }),
    menuId: text('menu_id')
      .notNull()
      .references(() => sysMenu.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const sysUser = pgTable(
  'sys_user',
  {
    id: text('id').primaryKey(),
    userName: text('user_name').notNull().unique(),
    realName: text('real_name').notNull(),
    password: text('password').notNull(),
    deptCode: text('dept_code').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    idCard: text('id_card').notNull().default(''),
    /** Reference face photo for face login (spec admin §3 "User (edit)"). */
    face: text('face').notNull().default(''),
    /** 0 正常, 1 禁用, 2 待审核. */
    state: integer('state').notNull().default(0),
    expireTime: time('expire_time'),
    points: integer('points').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('sys_user_dept_idx').on(t.deptCode)],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    userId: text('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => sysRole.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sysDic = pgTable('sys_dic', {
  id: text('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  remark: text('remark').notNull().default(''),
});

export const sysDicValue = pgTable(
  'sys_dic_value',
  {
    id: text('id').primaryKey(),
    dicCode: text('dic_code').notNull(),
    parentId: text('parent_id').notNull().default('0'),
    value: text('value').notNull(),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('sys_dic_value_uq').on(t.dicCode, t.value)],
);

export const sysConfig = pgTable('sys_config', {
  id: text('id').primaryKey(),
  siteName: text('site_name').notNull(),
  backLogo: text('back_logo').notNull().default(''),
  frontLogo: text('front_logo').notNull().default(''),
  mpCode: text('mp_code').notNull().default(''),
  h5Host: text('h5_host').notNull().default(''),
  tmpDir: text('tmp_dir').notNull().default('/tmp/'),
  copyRight: text('copy_right').notNull().default(''),
  uploadType: text('upload_type').notNull().default('local'),
  /** Module switches and site properties (moduleCourse, moduleExam, …). */
  props: jsonb('props').$type<Record<string, boolean>>().notNull(),
  /** The switch config (userReg, userAudit, loginTick, …). */
  switchConfig: jsonb('switch_config').$type<Record<string, unknown>>().notNull(),
});

export const sysNotice = pgTable('sys_notice', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  state: integer('state').notNull().default(0),
  createBy: text('create_by').notNull().default(''),
  createTime: createTime(),
});

export const sysUserMsg = pgTable(
  'sys_user_msg',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    readFlag: boolean('read_flag').notNull().default(false),
    createTime: createTime(),
  },
  (t) => [index('sys_user_msg_user_idx').on(t.userId, t.readFlag)],
);

/** Which first-start seeds have run, so each runs once even if its data is later deleted. */
export const sysSeed = pgTable('sys_seed', {
  name: text('name').primaryKey(),
  createTime: createTime(),
});
