// How a step is judged and printed: per route p50/p99 and failures, the rates, CPU per request of
// the services' Node process and of PostgreSQL, and the projector lag through the step.
import { fmt, percentile } from '../measure.ts';
import type { StepResult } from './step.ts';

export const P99_LIMIT_MS = 100;
/** more failures than this share of the requests sent and the step did not hold either */
export const FAILURE_LIMIT = 0.01;

const sorted = (values: readonly number[]): Float64Array => Float64Array.from(values).sort();
const failuresOf = (result: StepResult): number =>
  [...result.recorder.routes.values()].reduce((sum, route) => sum + Object.values(route.failures).reduce((a, b) => a + b, 0), 0);
const doneOf = (result: StepResult): number => [...result.recorder.routes.values()].reduce((sum, route) => sum + route.latencies.length, 0);

/** why the step did not hold, or null when it did */
export function verdict(result: StepResult): string | null {
  for (const [route, figures] of result.recorder.routes) {
    const p99 = percentile(sorted(figures.latencies), 99);
    if (p99 > P99_LIMIT_MS) return `p99 of ${route} ${fmt(p99, 1)} ms > ${P99_LIMIT_MS} ms`;
  }
  const failures = failuresOf(result);
  if (failures > FAILURE_LIMIT * result.recorder.sent) return `${failures} of ${result.recorder.sent} requests failed`;
  return null;
}

/**
 * The p99 of the requests scheduled outside the daily job's run (a second either side): not a
 * verdict, a pointer to whether the job is what the others waited for.
 */
function p99AwayFromJob(result: StepResult, latencies: readonly number[], scheduled: readonly number[]): number {
  const from = result.job.startedAt - 1000;
  const to = result.job.startedAt + result.job.seconds * 1000 + 1000;
  return percentile(sorted(latencies.filter((_, i) => scheduled[i]! < from || scheduled[i]! > to)), 99);
}

export function stepLines(label: string, result: StepResult): string[] {
  const done = doneOf(result);
  // the lead-in's workout starts cost the services too
  const served = done + result.recorder.leadIn;
  const lag = sorted(result.lag);
  const job = result.job.report;
  const lines = [
    `${label}rate ${fmt(result.rate, 1)}/s offered (${fmt(result.recorder.sent / result.seconds, 1)}/s sent), ${fmt(done / result.seconds, 1)}/s done; ${result.recorder.sent} sent, ${failuresOf(result)} failed; ` +
      `CPU per request: Node ${fmt((result.nodeCpu * 1000) / served, 2)} ms, PostgreSQL ${fmt((result.postgresCpu * 1000) / served, 2)} ms ` +
      `(${fmt(result.nodeCpu, 1)} s and ${fmt(result.postgresCpu, 1)} s over ${served} requests); ` +
      `projector lag max ${fmt(lag.length ? lag[lag.length - 1]! : Number.NaN, 2)} s, p99 ${fmt(percentile(lag, 99), 2)} s (${lag.length} samples)`,
  ];
  for (const [route, figures] of [...result.recorder.routes].sort(([a], [b]) => a.localeCompare(b))) {
    const latencies = sorted(figures.latencies);
    const failed = Object.entries(figures.failures).map(([what, n]) => `${what}×${n}`).join(' ');
    lines.push(`    ${route.padEnd(34)} ${String(latencies.length).padStart(6)} ok  p50 ${fmt(percentile(latencies, 50), 1).padStart(7)} ms  p99 ${fmt(percentile(latencies, 99), 1).padStart(7)} ms (${fmt(p99AwayFromJob(result, figures.latencies, figures.scheduled), 1)} away from the job)` +
      `${figures.conflicts ? `  ${figures.conflicts} conflicts (409, read and saved again)` : ''}${failed ? `  failed: ${failed}` : ''}${figures.firstFailure ? ` (first: ${figures.firstFailure})` : ''}`);
  }
  lines.push(`    shows daily job at noon: ${result.job.status === 200 ? `${fmt(result.job.seconds, 1)} s, ${String(job?.sent)} sent, ${String(job?.skipped)} skipped, ${String(job?.failed)} failed` : `answered ${result.job.status} after ${fmt(result.job.seconds, 1)} s`}`);
  return lines;
}

/** the highest offered rate of a step that held, as printed */
export function highestSustained(results: readonly StepResult[]): string {
  const held = results.filter((result) => !verdict(result));
  return held.length ? `${fmt(held[held.length - 1]!.rate, 1)}/s` : 'none (the first step did not hold)';
}
