import { fsyncSync } from 'node:fs';
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
  '-c', 'fsync=on', '-c', 'wal_sync_method=fsync', '-c', 'synchronous_commit=on',
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

/** Opens PGlite in `dataDir` with the durable settings above; its transactions sync like its single statements. */
export async function openDurablePglite(dataDir: string): Promise<PGlite> {
  const client = new PGlite({ fs: new FsyncNodeFS(dataDir), relaxedDurability: false, startParams: DURABLE_START_PARAMS });
  await client.waitReady;
  const transaction = client.transaction.bind(client);
  // After COMMIT, the sync query() and exec() already do (a no-op on NODEFS, a flush on buffered file systems).
  client.transaction = (async (fn: Parameters<PGlite['transaction']>[0]) => {
    const result = await transaction(fn);
    await client.syncToFs();
    return result;
  }) as PGlite['transaction'];
  return client;
}
