import { fsyncSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's defaults trade durability for speed, in two places that matter to us:
 * - its start parameters include `-F` (fsync off), and the Emscripten file system it runs on in Node
 *   (NODEFS) has no fsync of its own: PostgreSQL's WAL flush at COMMIT ends in the kernel's page
 *   cache, not on the disk. A killed process keeps it; a power cut or a kernel crash may not.
 * - `transaction()` resolves after COMMIT without its `syncToFs()` (electric-sql/pglite#1065), while
 *   `query()` and `exec()` call it; file systems that buffer in memory (idb, opfs) flush only there.
 *
 * Here PostgreSQL runs with fsync on and flushes its WAL with fsync() (Emscripten's fdatasync is a
 * no-op; its fsync reaches the stream), and NODEFS streams get a real fsync. So every COMMIT — of a
 * transaction or of a single statement — returns only once its WAL is on the disk, and checkpoints
 * fsync the data files before the WAL they replace is recycled: PostgreSQL's own contract.
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'synchronous_commit=on',
];

type NodeStream = { nfd?: number };
type EmscriptenMod = { NODEFS: { stream_ops: { fsync?: (s: NodeStream) => number } } };

/** NODEFS with fsync: its stream operations are one shared object, patched before PostgreSQL opens a file. */
class FsyncNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const r = await super.init(pg, opts);
    const patch = (mod: EmscriptenMod) => {
      mod.NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd !== undefined) fsyncSync(stream.nfd);
        return 0;
      };
    };
    r.emscriptenOpts.preRun = [patch as never, ...(r.emscriptenOpts.preRun ?? [])];
    return r;
  }
}

/** When the process started (Linux: /proc, in clock ticks since boot); tells a live owner from a reused pid. */
const startOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
  } catch {
    return '';
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};
const lockedHere = new Set<string>();

/**
 * One process per data directory: PGlite has no postmaster lock of its own, and a second server on the
 * same files (an orphan left by a killed wrapper, a second `npm start`) would recover the WAL under the
 * first one and write over it. A lock file beside the directory names the owner (pid and start time);
 * a dead owner's lock (a kill) is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  let owner: { pid: number; start: string } | undefined;
  try {
    owner = JSON.parse(readFileSync(file, 'utf8'));
  } catch {}
  const ours = owner?.pid === process.pid;
  if (lockedHere.has(file) || (owner && !ours && alive(owner.pid) && startOf(owner.pid) === owner.start)) {
    throw new Error(
      `The embedded database ${dataDir} is in use by process ${ours ? 'this one' : owner!.pid}; stop that server first (or delete ${file} if none runs).`,
    );
  }
  writeFileSync(file, JSON.stringify({ pid: process.pid, start: startOf(process.pid) }));
  lockedHere.add(file);
  return () => {
    lockedHere.delete(file);
    rmSync(file, { force: true });
  };
}

/** Opens PGlite in `dataDir` with the durable settings above; its transactions sync like its single statements. */
export async function openDurablePglite(dataDir: string): Promise<PGlite> {
  const release = lockDataDir(dataDir);
  const client = new PGlite({
    fs: new FsyncNodeFS(dataDir),
    relaxedDurability: false,
    startParams: DURABLE_START_PARAMS,
  });
  try {
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  const close = client.close.bind(client);
  client.close = async () => {
    await close();
    release();
  };
  const transaction = client.transaction.bind(client);
  // After COMMIT, the sync query() and exec() already do (a no-op on NODEFS, a flush on buffered file systems).
  client.transaction = (async (fn: Parameters<PGlite['transaction']>[0]) => {
    const result = await transaction(fn);
    await client.syncToFs();
    return result;
  }) as PGlite['transaction'];
  return client;
}
