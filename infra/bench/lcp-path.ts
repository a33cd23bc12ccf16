/**
 * What bounds a page's Lighthouse LCP: Lighthouse's simulation (Lantern) of one run, request by request. Its LCP is
 * the end of the last request or task that began before the observed LCP, simulated at 150 ms round trips, 1.6 Mbit/s
 * shared by up to 6 connections per server (HTTP/1.1) with TCP slow start, and 4× CPU. `first-load.mts --path`. After
 * each request, `←` names the requests it waited for in Lantern's graph (a script in its initiator's stack counts).
 */
import type { RunnerResult } from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

type Timing = { startTime: number; endTime: number };
type SimNode = (
  | { type: 'network'; request: { url: string; priority: string; transferSize: number } }
  | { type: 'cpu' }
) & { getDependencies(): SimNode[] };

/** The requests a node waited for: its nearest network ancestors, through script tasks. */
function waitedFor(node: SimNode, base: string): string {
  const out = new Set<string>();
  const walk = (n: SimNode) => {
    for (const d of n.getDependencies()) {
      if (d.type === 'network') out.add(d.request.url.replace(base, '').split('/').pop()!.slice(0, 24));
      else walk(d);
    }
  };
  walk(node);
  return [...out].join(' ');
}

/** The element Lighthouse took as the largest paint, as its audit names it. */
function lcpElement(result: RunnerResult): string {
  const details = result.lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector} ${node.snippet?.slice(0, 80)}` : 'unknown';
}

export async function printLcpPath(result: RunnerResult, base: string): Promise<void> {
  const a = result.artifacts;
  const lcp = await LanternLargestContentfulPaint.request(
    {
      trace: a.Trace,
      devtoolsLog: a.DevtoolsLog,
      gatherContext: a.GatherContext,
      settings: result.lhr.configSettings,
      URL: a.URL,
      SourceMaps: a.SourceMaps,
      simulator: null,
    },
    { computedCache: new Map() } as never,
  );
  // The pessimistic graph: every request that began before the observed LCP (the optimistic one drops a few).
  const timings = [...(lcp.pessimisticEstimate.nodeTimings as Map<SimNode, Timing>).entries()].sort(
    (x, y) => x[1].startTime - y[1].startTime,
  );
  console.log(
    `  simulated LCP ${Math.round(lcp.timing)} ms (optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)})`,
  );
  console.log(`  LCP element: ${lcpElement(result)}`);
  for (const [node, t] of timings) {
    const span = `${String(Math.round(t.startTime)).padStart(6)} ${String(Math.round(t.endTime)).padStart(6)}`;
    if (node.type === 'network')
      console.log(
        `  ${span} ${node.request.priority.padEnd(8)} ${(node.request.transferSize / 1024).toFixed(0).padStart(3)} KB ${node.request.url.replace(base, '').slice(0, 60)}  ← ${waitedFor(node, base)}`,
      );
    else if (t.endTime - t.startTime >= 30) console.log(`  ${span} CPU ${Math.round(t.endTime - t.startTime)} ms`);
  }
}
