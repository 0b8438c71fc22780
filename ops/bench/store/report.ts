// The run's printout: a heading per phase, a line per figure.
import { fmt } from '../measure.ts';
import type { Tally } from './tally.ts';

function ms(value: number): string {
  return `${fmt(value, 2)} ms`;
}

export function record(figure: string, value: string, note = ''): void {
  console.log(`  ${figure.padEnd(58)} ${value.padStart(16)}   ${note}`);
}

export function phase(title: string): void {
  console.log(`\n${title}`);
}

export function latencyText(t: Tally): string {
  return `p50 ${ms(t.percentile(50))}, p99 ${ms(t.percentile(99))}`;
}
