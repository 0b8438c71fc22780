// The one table of `--against`: each rate step of the day against the revision beside the same
// step against the working tree (a side that stopped holding earlier has no row past it).
import { fmt, percentile } from '../measure.ts';
import { highestSustained, verdict } from './report.ts';
import type { StepResult } from './step.ts';

function cells(result: StepResult | undefined): string[] {
  if (!result) return ['', '', '', '', '', ''];
  let worst = { route: '', p99: 0 };
  let done = 0;
  let failed = 0;
  for (const [route, figures] of result.recorder.routes) {
    const p99 = percentile(Float64Array.from(figures.latencies).sort(), 99);
    if (p99 > worst.p99) worst = { route, p99 };
    done += figures.latencies.length;
    failed += Object.values(figures.failures).reduce((a, b) => a + b, 0);
  }
  const served = done + result.recorder.leadIn;
  const lag = Math.max(0, ...result.lag);
  return [
    fmt(done / result.seconds, 1),
    String(failed),
    `${fmt(worst.p99, 1)} (${worst.route.split(' ').slice(0, 3).join(' ')})`,
    `${fmt((result.nodeCpu * 1000) / served, 2)} / ${fmt((result.postgresCpu * 1000) / served, 2)}`,
    fmt(lag, 2),
    verdict(result) ? 'no' : 'yes',
  ];
}

export function comparisonLines(rev: string, before: readonly StepResult[], after: readonly StepResult[]): string[] {
  const heads = ['done/s', 'failed', 'worst p99 ms (route)', 'CPU ms/req Node / PG', 'lag max s', 'held'];
  const lines = [
    `| offered/s | ${heads.map((head) => `${rev}: ${head}`).join(' | ')} | ${heads.map((head) => `working tree: ${head}`).join(' | ')} |`,
    `|---:|${heads.map(() => '---:').join('|')}|${heads.map(() => '---:').join('|')}|`,
  ];
  for (let n = 0; n < Math.max(before.length, after.length); n++) {
    const rate = (before[n] ?? after[n])!.rate;
    lines.push(`| ${fmt(rate, 1)} | ${cells(before[n]).join(' | ')} | ${cells(after[n]).join(' | ')} |`);
  }
  lines.push(`highest sustained rate: ${rev} ${highestSustained(before)}, working tree ${highestSustained(after)}`);
  return lines;
}
