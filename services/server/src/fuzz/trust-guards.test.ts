import { describe, expect, it } from '@rstest/core';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Guards of the trust boundaries (docs/decisions.md "Trust boundaries"), read from the production sources so
 * a new place that reads an archive, takes an origin from a request or follows a redirect fails here until
 * it goes through the shared mechanism (or is listed with its reason).
 */
const ROOT = path.resolve(__dirname, '../../../..');
const SOURCE_DIRS = [
  'services',
  'shared',
  'shell-web',
  'shell-admin',
  'mfe-course',
  'mfe-exam',
  'mfe-repo',
  'mfe-system',
  'mfe-watch',
];
const isProduction = (f: string) =>
  /\.(ts|tsx|mts)$/.test(f) &&
  !/\.(test|spec|testing)\.|\/(testing|fuzz|dist|node_modules)\/|test-app\.ts$|stand-in/.test(f);

function productionFiles(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (isProduction(p)) out.push({ file: path.relative(ROOT, p), text: readFileSync(p, 'utf8') });
    }
  };
  for (const d of SOURCE_DIRS) walk(path.join(ROOT, d));
  return out;
}
const files = productionFiles();
const using = (pattern: RegExp) =>
  files
    .filter((f) => pattern.test(f.text))
    .map((f) => f.file)
    .sort();

describe('trust boundaries hold in the sources', () => {
  it('reads the production sources', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it('every archive reader checks entry sizes and the expansion ratio first (kit assertArchiveWithinLimits)', () => {
    const readers = files.filter((f) =>
      /\.xlsx\.(load|read)\(|loadAsync\(|inflate(Raw)?(Sync)?\(|gunzip|unzip|from '(jszip|adm-zip|yauzl|unzipper|fflate|mammoth)'/.test(
        f.text,
      ),
    );
    expect(readers.map((f) => f.file)).toContain('services/kit/src/xlsx.ts');
    const unchecked = readers.filter(
      (f) => f.file !== 'services/kit/src/archive.ts' && !f.text.includes('assertArchiveWithinLimits('),
    );
    expect(unchecked.map((f) => f.file)).toEqual([]);
  });

  it('no origin is taken from a request header except where listed (origins come from SITE_URL and h5Host)', () => {
    const allowed: Record<string, string> = {
      'services/kit/src/plugins/auth.ts':
        'a websocket upgrade must come from a page of the same origin (CSWSH): Origin compared with Host',
      'services/kit/src/log.ts': 'the request line logs the host it was sent to',
      'services/kit/src/plugins/security.ts': 'HSTS only on an https request',
      'services/pay/src/order/order-routes.ts':
        "the provider's return address: the Origin header only when it is one of SITE_URL's origins, else the first",
    };
    const readers = using(
      /\breq(uest)?\.(host|hostname|protocol)\b|headers\.(host|origin|referer)\b|headers\[['"](host|origin|referer|x-forwarded-host|x-forwarded-proto)['"]\]/,
    );
    expect(readers.filter((f) => !allowed[f])).toEqual([]);
  });

  it('every redirect follows a value of the site (localPathOf, a configured origin) or a fixed path', () => {
    const allowed: Record<string, string> = {
      'services/server/src/static.ts': "fixed: '/admin' → '/admin/'",
      'services/system/src/oauth/oauth-routes.ts':
        'the callback: origins from SITE_URL/h5Host, the path through localPathOf (oauth-service)',
      'shared/ui/src/oauth/oauthApi.ts': 'the provider authorize URL the server built',
      'shared/ui/src/pay/usePayOrder.ts':
        "the provider's cashier URL and WeChat's authorization URL the pay service built (prepay, wxAuthorize)",
      'shared/api/src/config.ts': 'fixed: the login page (with the current path) and /license',
      'shared/shell/src/app/clientConfig.ts': 'fixed: the login page and /license',
      'shared/shell/src/login/useGoOn.ts': 'redirectAfterLogin → localPathOf',
      'shared/shell/src/login/startLoginPage.tsx': 'fixed: this page again, the shell index',
      'shell-admin/src/layout/TaskMessages.tsx': 'fixed: /pages/uc/im',
      'shell-admin/src/layout/ProfilePage.tsx': 'fixed: /pages/uc/info and /pages/uc/pass',
      'shell-admin/src/layout/UserMenu.tsx': "fixed: '/'",
    };
    const redirecting = using(/location\.(replace|assign)\(|location\.href\s*=|window\.open\(|\.redirect\(/);
    expect(redirecting.filter((f) => !allowed[f])).toEqual([]);
    expect(readFileSync(path.join(ROOT, 'shared/shell/src/guard/access.ts'), 'utf8')).toContain('localPathOf(');
    expect(readFileSync(path.join(ROOT, 'services/system/src/oauth/oauth-service.ts'), 'utf8')).toContain(
      'localPathOf(',
    );
  });
});
