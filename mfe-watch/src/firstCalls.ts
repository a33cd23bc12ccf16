import { Calls, StatCalls } from '@exam/contracts';
import type { FirstCalls } from '@exam/shell';

/** The calls this remote's views make as they first draw: a shell's early start sends them while the view loads. */
export const firstCalls: FirstCalls = {
  // The counts and the version (useDashTotalsQuery({}), useSysVersionQuery({})); the charts and lists wait to be seen.
  Dashboard: () => [
    { url: Calls.dashTotals.url, body: {} },
    { url: StatCalls.version.url, body: {} },
  ],
};
