// How wide a chart's value axis is drawn: wide enough for its widest label. A fixed 56 px cut the
// first digit off a week's volume of five digits at 390 px ("7,500" for 17,500).

/** The least width of a value axis, what the short labels of a lift's e1RM get. */
export const LEAST_AXIS_WIDTH = 40;

/** The axis width for these labels: the widest as `measure` draws it, plus the tick and the gap. */
export function axisWidth(labels: readonly string[], measure: (label: string) => number, { tick, gap }: { readonly tick: number; readonly gap: number }): number {
  const widest = Math.max(0, ...labels.map(measure));
  return Math.max(LEAST_AXIS_WIDTH, Math.ceil(widest + tick + gap));
}
