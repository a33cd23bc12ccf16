import { type Bus, CacheChannel, changedIds, changedMessage, type Db } from '@exam/server-kit';
import { type BattleRecord, battleById } from './battle-repository';

/** How long a replica trusts its copy without news (the bus drops it at once when an admin changes the battle). */
const KEEP_MS = 5_000;

type Cache = {
  get: (id: string) => Promise<BattleRecord | undefined>;
  drop: (ids?: string[]) => void;
};
const perDb = new WeakMap<Db, Cache>();

/**
 * The battles being played, read once per replica (a thousand learners tapping 开始匹配 at once ask the database
 * nothing for it); dropped here at once and on the other replicas through the bus when one is saved, switched or
 * deleted (`battleChanged`).
 */
export function battleCache(db: Db, bus: Bus): Cache {
  let c = perDb.get(db);
  if (c) return c;
  const kept = new Map<string, { b: Promise<BattleRecord | undefined>; at: number }>();
  const drop = (ids?: string[]) => {
    if (!ids) kept.clear();
    else for (const id of ids) kept.delete(id);
  };
  void bus.subscribe(CacheChannel.BATTLE_CHANGED, (m) => drop(changedIds(m))).catch(() => undefined);
  c = {
    drop,
    get(id) {
      const e = kept.get(id);
      if (e && Date.now() - e.at < KEEP_MS) return e.b;
      const mine = { b: battleById(db, id), at: Date.now() };
      kept.set(id, mine);
      mine.b.catch(() => kept.get(id) === mine && kept.delete(id));
      if (kept.size > 1000) kept.delete(kept.keys().next().value as string);
      return mine.b;
    },
  };
  perDb.set(db, c);
  return c;
}

/** After an admin's change: this replica's copies go now, the others' through the bus. */
export async function battleChanged(db: Db, bus: Bus, ids: string[]) {
  battleCache(db, bus).drop(ids);
  await bus.publish(CacheChannel.BATTLE_CHANGED, changedMessage(ids));
}
