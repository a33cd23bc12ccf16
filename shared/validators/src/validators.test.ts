import { describe, expect, it } from '@rstest/core';
import {
  checkH5Host,
  checkIdCard,
  checkMobile,
  checkMobileOptional,
  checkPassword,
  checkPasswordOptional,
  checkTmpDir,
  checkUserName,
  cleanMenuName,
  checkTimeRange,
  userFieldChecks,
} from './index';

describe('validators of spec admin §5', () => {
  it('user name: 4-32 letters, digits, underscore, hyphen', () => {
    expect(checkUserName('')).toBe('用户不能为空！');
    expect(checkUserName('abc')).toBe('用户名应为4-32位，数字英文下划线组合！');
    expect(checkUserName('a'.repeat(33))).toBe('用户名应为4-32位，数字英文下划线组合！');
    expect(checkUserName('张三三三')).toBe('用户名应为4-32位，数字英文下划线组合！');
    expect(checkUserName('learner_2-x')).toBeUndefined();
  });

  it('mobile: required variant and optional variant', () => {
    expect(checkMobile('')).toBe('手机号不能为空');
    expect(checkMobile('1234567890')).toBe('手机号码格式不正确!');
    expect(checkMobile('12012345678')).toBe('手机号码格式不正确!');
    expect(checkMobile('13812345678')).toBeUndefined();
    expect(checkMobileOptional('')).toBeUndefined();
    expect(checkMobileOptional('138')).toBe('手机号码格式不正确!');
  });

  it('id card: 15 or 18 digits, X allowed last', () => {
    expect(checkIdCard('11010119900101123X')).toBeUndefined();
    expect(checkIdCard('110101900101123')).toBeUndefined();
    expect(checkIdCard('1101011990010112')).toBe('身份证号码格式不正确!');
  });

  it('password: length and three of four classes', () => {
    expect(checkPassword('')).toBe('密码不能为空！');
    expect(checkPassword('Ab1!')).toBe('密码长度应为8-60位');
    expect(checkPassword('A'.repeat(61))).toBe('密码长度应为8-60位');
    expect(checkPassword('abcdefgh1')).toBe('密码应包含大写字母、小写字母、数字、特殊字符其中三种!');
    expect(checkPassword('Admin@2026')).toBeUndefined();
    expect(checkPassword('admin@2026')).toBeUndefined();
    expect(checkPasswordOptional('')).toBeUndefined();
    expect(checkPasswordOptional('short')).toBe('密码长度应为8-60位');
  });

  it('h5Host: URL ending with / or a directory', () => {
    expect(checkH5Host('')).toBe('URL不能为空！');
    expect(checkH5Host('https://m.example.com/')).toBeUndefined();
    expect(checkH5Host('/h5/')).toBeUndefined();
    expect(checkH5Host('https://m.example.com')).toMatch(/^应为URL或目录结构/);
    expect(checkH5Host('h5/')).toMatch(/^应为URL或目录结构/);
  });

  it('tmpDir: starts with / or a drive letter, ends with /', () => {
    expect(checkTmpDir('')).toBe('目录不能为空！');
    expect(checkTmpDir('/data/upload/')).toBeUndefined();
    expect(checkTmpDir('D:/data/upload/')).toBeUndefined();
    expect(checkTmpDir('/data/upload')).toMatch(/^目录格式必须以\/开头/);
    expect(checkTmpDir('data/')).toMatch(/^目录格式必须以\/开头/);
  });

  it('menu name keeps letters only; time range needs both ends', () => {
    expect(cleanMenuName('Sys User 2')).toBe('SysUser');
    expect(checkTimeRange('08:00', '')).toBe('时间段不能为空！');
    expect(checkTimeRange('08:00', '09:00')).toBeUndefined();
  });

  it('the user form: a role at least; the password required only when creating', () => {
    const create = userFieldChecks(true);
    const edit = userFieldChecks(false);
    expect(create.roles([])).toBe('必须选择一个角色！');
    expect(create.roles(undefined)).toBe('必须选择一个角色！');
    expect(create.roles(['student'])).toBeUndefined();
    expect(create.password('')).toBe('密码不能为空！');
    expect(edit.password('')).toBeUndefined();
    expect(edit.password('short')).toBe('密码长度应为8-60位');
  });
});
