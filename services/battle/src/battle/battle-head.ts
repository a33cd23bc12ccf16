import { BATTLE_MODE_TITLES } from '@exam/contracts';
import { fmtTime } from '@exam/server-kit';
import type { BattleRecord } from './battle-repository';

/** The fields every list of battles shows (contracts' battleHeadFields), from a stored battle. */
export const battleHead = (b: BattleRecord) => ({
  id: b.id,
  title: b.title,
  cover: b.cover,
  mode: b.mode,
  mode_dictText: BATTLE_MODE_TITLES[b.mode] ?? '',
  quCount: b.quCount,
  quSeconds: b.quSeconds,
  startTime: fmtTime(b.startTime),
  endTime: fmtTime(b.endTime),
});
