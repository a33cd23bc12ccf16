import { describe, expect, it } from '@rstest/core';
import { parseViewKey } from './viewKey';
import { parseRuntimeConfig } from '../config/runtimeConfig';

describe('parseViewKey', () => {
  it('maps <domain>/<View> to remote mfe_<domain>', () => {
    expect(parseViewKey('exam/ExamList')).toEqual({ domain: 'exam', remote: 'mfe_exam', view: 'ExamList' });
    expect(parseViewKey('/system/SysUser')?.remote).toBe('mfe_system');
  });

  it('rejects values that are not view keys', () => {
    expect(parseViewKey('Layout')).toBeNull();
    expect(parseViewKey('exam/paper/List')).toBeNull();
    expect(parseViewKey('../x/Y')).toBeNull();
    expect(parseViewKey('')).toBeNull();
  });
});

describe('parseRuntimeConfig', () => {
  it('keeps apiBase and remotes', () => {
    const config = parseRuntimeConfig({ apiBase: '/gw', remotes: { mfe_exam: '/mfe/mfe-exam/remoteEntry.js' } });
    expect(config).toEqual({ apiBase: '/gw', remotes: { mfe_exam: '/mfe/mfe-exam/remoteEntry.js' } });
  });

  it("loads a remote written as its manifest's URL by the remoteEntry.js beside it", () => {
    const config = parseRuntimeConfig({
      remotes: {
        mfe_exam: 'https://cdn.example.com/mfe-exam/mf-manifest.json?v=2',
        mfe_repo: '/mfe/mfe-repo/remoteEntry.js',
      },
    });
    expect(config.remotes).toEqual({
      mfe_exam: 'https://cdn.example.com/mfe-exam/remoteEntry.js?v=2',
      mfe_repo: '/mfe/mfe-repo/remoteEntry.js',
    });
  });

  it('defaults apiBase and refuses a file without remotes', () => {
    expect(parseRuntimeConfig({ remotes: {} }).apiBase).toBe('');
    expect(() => parseRuntimeConfig({ apiBase: '' })).toThrow();
    expect(() => parseRuntimeConfig({ remotes: { mfe_exam: 3 } })).toThrow();
  });
});
