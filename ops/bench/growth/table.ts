// The figures of every step, printed at the end as one table: a row per figure, a column per step,
// and last step ÷ first step beside the issue's goal (flat within 10 %).
import { fmt } from '../measure.ts';

export const FLAT = 1.1;

type Row = { readonly digits: number; readonly goal: boolean; readonly values: number[] };

export type FigureTable = {
  /** the figure `name` at step `step` (0-based); `goal`: whether the issue wants it flat */
  record(name: string, step: number, value: number, options?: { digits?: number; goal?: boolean }): void;
  lines(steps: readonly number[]): string[];
};

/** 'flat', 'grows ×r' or 'falls ×r' against FLAT; '-' for figures without a goal */
export function verdict(ratio: number, goal: boolean): string {
  if (!goal || !Number.isFinite(ratio)) return '-';
  return ratio <= FLAT && ratio >= 1 / FLAT ? 'flat' : ratio > 1 ? 'grows' : 'falls';
}

export function figureTable(): FigureTable {
  const rows = new Map<string, Row>();
  return {
    record(name, step, value, options = {}) {
      const row = rows.get(name) ?? { digits: options.digits ?? 1, goal: options.goal ?? true, values: [] };
      row.values[step] = value;
      rows.set(name, row);
    },
    lines(steps) {
      const head = `| figure | ${steps.map((step) => `${fmt(step)} events`).join(' | ')} | last ÷ first | within ${FLAT} |`;
      const rule = `|---|${steps.map(() => '---:').join('|')}|---:|---|`;
      const body = [...rows].map(([name, row]) => {
        const ratio = (row.values.at(-1) ?? Number.NaN) / (row.values[0] ?? Number.NaN);
        const cells = steps.map((_, step) => fmt(row.values[step] ?? Number.NaN, row.digits));
        return `| ${name} | ${cells.join(' | ')} | ${fmt(ratio, 2)} | ${verdict(ratio, row.goal)} |`;
      });
      return [head, rule, ...body];
    },
  };
}
