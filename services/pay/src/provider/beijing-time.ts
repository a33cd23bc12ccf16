/**
 * Both providers speak China Standard Time (UTC+8, no daylight saving): WeChat in RFC 3339 with `+08:00`,
 * Alipay as `yyyy-MM-dd HH:mm:ss`. The server's own time zone never matters.
 */
const CST_MS = 8 * 3600_000;

/** `2026-11-23T08:15:00+08:00` */
export const rfc3339Cst = (d: Date) => `${new Date(d.getTime() + CST_MS).toISOString().slice(0, 19)}+08:00`;

/** `2026-11-23 08:15:00` in Beijing time. */
export const cstDateTime = (d: Date) => new Date(d.getTime() + CST_MS).toISOString().slice(0, 19).replace('T', ' ');

/** Reads Alipay's `yyyy-MM-dd HH:mm:ss` (Beijing time); undefined when it is not one. */
export function parseCstDateTime(s: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s)) return undefined;
  const d = new Date(`${s.replace(' ', 'T')}+08:00`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Reads an RFC 3339 time with its offset (WeChat's success_time, time_expire); undefined when it is not one. */
export function parseRfc3339(s: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/.test(s)) return undefined;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
