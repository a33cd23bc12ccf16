/** One point of a chart: the day, which series, the value (g2plot's long form). */
export type Point = { dateStr: string; name: string; value: number };

/** Day rows with several counts into the long form a multi-series chart takes: `fields` maps key → series name. */
export function toSeries<R extends { dateStr: string }>(
  rows: R[] | undefined,
  fields: Partial<Record<keyof R, string>>,
): Point[] {
  const keys = Object.keys(fields) as (keyof R)[];
  return (rows ?? []).flatMap((r) =>
    keys.map((k) => ({ dateStr: r.dateStr.slice(5), name: fields[k] as string, value: Number(r[k]) })),
  );
}

/** Every dashboard chart's height (px), also the space kept while the chart's code loads. */
export const CHART_HEIGHT = 280;
