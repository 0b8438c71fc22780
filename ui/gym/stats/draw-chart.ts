// Draws a Series with uPlot into an element (loaded by chart.tsx only when a chart is shown).
// Colours are read from the page's design tokens as computed, so the chart follows light and dark,
// and it is redrawn when the theme or the width changes.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { axisWidth } from './axis-width.ts';
import { timeRange, valueRange } from './axis-ranges.ts';
import type { ChartLine } from './chart.tsx';
import type { Series } from './progress.ts';

const HEIGHT = 200;
const dayLabel = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

function colours(element: HTMLElement, count: number) {
  const style = getComputedStyle(element);
  const figure = element.closest('figure') ?? element;
  const lines = Array.from({ length: count }, (_, index) => {
    const swatch = figure.querySelector(`.chart-line-${index + 1}`);
    return swatch ? getComputedStyle(swatch).backgroundColor : style.color;
  });
  return { axis: style.color, grid: style.borderTopColor, lines, font: `${style.fontSize} ${style.fontFamily}` };
}

function options(element: HTMLElement, series: Series, lines: readonly ChartLine[]): uPlot.Options {
  const { axis, grid, lines: strokes, font } = colours(element, lines.length);
  const scaleOf = (index: number) => (index === 0 ? 'y' : `y${index}`);
  // measured in the axis's own font, as uPlot draws it (the canvas's font is restored after)
  const valueAxisSize = (plot: uPlot, values: string[] | null): number => {
    plot.ctx.save();
    plot.ctx.font = font;
    const width = axisWidth(values ?? [], (label) => plot.ctx.measureText(label).width, { tick: 10, gap: 5 });
    plot.ctx.restore();
    return width;
  };
  return {
    width: Math.max(240, element.clientWidth),
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: Object.fromEntries([
      ['x', scaleOver(timeRange(series.x), { time: true })],
      ...lines.map((_, index) => [scaleOf(index), scaleOver(valueRange(series.lines[index] ?? []), {})]),
    ]),
    series: [{}, ...lines.map((line, index) => ({ label: `${line.label} (${line.unit})`, scale: scaleOf(index), stroke: strokes[index]!, width: 2, spanGaps: true, points: { show: true, size: 6, fill: strokes[index]! } }))],
    axes: [
      // the day as the phone's language writes it ("17 Nov", "Nov 17"), never a bare 11/17; the
      // x values are UTC midnights (progress.ts), so the day is read in UTC
      { stroke: axis, font, space: 64, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, values: (_plot: uPlot, splits: number[]) => splits.map((seconds) => dayLabel.format(seconds * 1000)) },
      ...lines.map((_, index) => ({ scale: scaleOf(index), side: index === 0 ? 3 : 1, stroke: strokes[index]!, font, size: valueAxisSize, grid: { show: index === 0, stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } })),
    ],
  };
}

/** A scale fixed to `range` when there is one; uPlot's own otherwise. */
const scaleOver = (range: [number, number] | null, scale: uPlot.Scale): uPlot.Scale => (range ? { ...scale, range: () => range } : scale);

const utcDay = (seconds: number | undefined): string => (seconds === undefined ? '' : new Date(seconds * 1000).toISOString().slice(0, 10));

/** Draws the chart; the answer stops it (its listeners and canvas). */
export function drawChart(element: HTMLElement, series: Series, lines: readonly ChartLine[]): () => void {
  const data = [series.x as number[], ...series.lines.map((line) => line as (number | null)[])] as uPlot.AlignedData;
  // what the time axis and the first value axis span, for the tests (the canvas's labels cannot be
  // read), once uPlot has set each scale
  const markSpan = (drawn: uPlot, key: string): void => {
    if (key === 'x') {
      element.dataset['from'] = utcDay(drawn.scales['x']?.min);
      element.dataset['to'] = utcDay(drawn.scales['x']?.max);
    } else if (key === 'y') {
      element.dataset['low'] = String(drawn.scales['y']?.min ?? '');
      element.dataset['high'] = String(drawn.scales['y']?.max ?? '');
    }
  };
  const draw = (): uPlot => new uPlot({ ...options(element, series, lines), hooks: { setScale: [markSpan] } }, data, element);
  let plot = draw();
  const redraw = () => {
    plot.destroy();
    plot = draw();
  };
  const themeWatch = new MutationObserver(redraw);
  themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style'] });
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', redraw);
  let width = element.clientWidth;
  const sizeWatch = new ResizeObserver(() => {
    if (element.clientWidth === width) return;
    width = element.clientWidth;
    plot.setSize({ width: Math.max(240, width), height: HEIGHT });
  });
  sizeWatch.observe(element);
  return () => {
    themeWatch.disconnect();
    scheme.removeEventListener('change', redraw);
    sizeWatch.disconnect();
    plot.destroy();
  };
}
