import { execFileSync, execSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The last release (infra/release/contracts.json, written at each release): its version and commit. */
export function lastRelease(): { release: string; commit: string } {
  const { release, commit } = JSON.parse(readFileSync(path.join(ROOT, 'infra/release/contracts.json'), 'utf8'));
  return { release, commit };
}

/**
 * The last release's build of one remote, made from that release's commit (as a CDN keeps a deployed build): the
 * commit's tree in .tmp, this checkout's npm packages linked in (its workspace packages are the old tree's own), the
 * remote built there. Built once per release; returns its dist folder.
 */
export function releaseRemote(remote: string): string {
  const { release, commit } = lastRelease();
  const tree = path.join(ROOT, '.tmp', `release-${release}-${commit.slice(0, 10)}`);
  const dist = path.join(tree, remote, 'dist');
  if (existsSync(path.join(dist, 'remoteEntry.js'))) return dist;
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(tree)}`, { cwd: ROOT, stdio: 'inherit' });
  linkModules(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
  // A workspace's own node_modules (a version other than the root's) as well.
  for (const ws of readdirSync(tree, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const own = path.join(ROOT, ws.name, 'node_modules');
    if (ws.name !== 'node_modules' && existsSync(own)) symlinkSync(own, path.join(tree, ws.name, 'node_modules'));
  }
  execFileSync(path.join(tree, 'node_modules/.bin/rsbuild'), ['build'], {
    cwd: path.join(tree, remote),
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return dist;
}

/**
 * node_modules for the old tree: every npm package is this checkout's (same lockfile), but the workspace packages
 * (`@exam/*`, relative links into the tree) resolve to the old tree's own sources.
 */
function linkModules(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const src = path.join(from, name);
    if (name === '@exam') {
      mkdirSync(path.join(to, name));
      for (const pkg of readdirSync(src)) {
        const link = path.join(src, pkg);
        if (lstatSync(link).isSymbolicLink()) symlinkSync(readlinkSync(link), path.join(to, name, pkg));
      }
    } else symlinkSync(src, path.join(to, name));
  }
}
