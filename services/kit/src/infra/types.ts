/**
 * The infrastructure a service needs besides the database, behind one interface with two
 * implementations: Redis (distributed mode) and in-process (embedded mode and unit tests).
 */
export type LineGuard = { busy: string; mark: string; markValue: string; linePrefix: string };
export type LineResult = { busy: string } | { group: string[] };

export interface KeyValue {
  get(key: string): Promise<string | null>;
  /** Several keys in one round trip, in the order of `keys` (null for a missing one). */
  mGet(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlSec?: number): Promise<void>;
  /** Sets only when absent; true when this call set it. The primitive under locks. */
  setNx(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Deletes only when the value still equals `value` (releasing one's own lock). */
  delIfEquals(key: string, value: string): Promise<boolean>;
  del(...keys: string[]): Promise<void>;
  /** Increments; the first increment starts the time-to-live window. */
  incr(key: string, ttlSec: number): Promise<number>;
  /** Gives one back (a counted attempt that succeeded); a missing key stays missing. */
  decr(key: string): Promise<void>;
  expire(key: string, ttlSec: number): Promise<void>;
  sAdd(key: string, member: string, ttlSec?: number): Promise<void>;
  sRem(key: string, member: string): Promise<void>;
  sMembers(key: string): Promise<string[]>;
  /** The members of many sets in one round trip (a whole grid's presence), in the order of `keys`. */
  sMembersMany(keys: string[]): Promise<string[][]>;
  /**
   * A waiting line (matchmaking), atomic across replicas: drops the members whose wait ran out, puts `member` at the
   * end (again, if it was waiting) for `waitMs`, and once `size` members wait takes the first `size` out and returns
   * them, in order (the caller forms their group); else returns []. No member is ever returned twice.
   */
  lineUp(key: string, member: string, size: number, waitMs: number): Promise<string[]>;
  /** Takes a member out of a waiting line (cancelled, or gone); true when it was waiting. */
  leaveLine(key: string, member: string): Promise<boolean>;
  /**
   * `lineUp` with its checks in the same atomic step (one round trip for a burst of matches): while `guard.busy` holds
   * a value the member is not lined up and that value comes back; otherwise `guard.mark` records the line it waits in
   * (`markValue`, for `waitMs`), and a different line of an older mark (`linePrefix` + mark) is left first.
   */
  lineUpGuarded(key: string, member: string, size: number, waitMs: number, guard: LineGuard): Promise<LineResult>;
}

export interface Bus {
  publish(channel: string, message: string): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
}

export interface Infra {
  kind: 'redis' | 'memory';
  kv: KeyValue;
  bus: Bus;
  /** Resolves once the store answered a round trip (readiness, /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
