// A line chart of a Series (progress.ts). uPlot and the drawing code load only when a chart is on
// the screen (a dynamic import: the first screen's JavaScript does not carry them). The canvas is
// hidden from assistive technology: the table beside each chart holds the same numbers.
import { useEffect, useRef, useState } from 'preact/hooks';
import './chart.css';
import { withUsableLanguage } from './chart-language.ts';
import type { Series } from './progress.ts';

export type ChartLine = { readonly label: string; readonly unit: string };

export function Chart({ title, series, lines, testId }: { readonly title: string; readonly series: Series; readonly lines: readonly ChartLine[]; readonly testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let stop: (() => void) | null = null;
    let gone = false;
    withUsableLanguage(() => import('./draw-chart.ts')).then(
      ({ drawChart }) => {
        if (gone) return;
        try {
          stop = drawChart(element, series, lines);
          setState('drawn');
        } catch {
          setState('failed');
        }
      },
      () => setState('failed'),
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, [series, lines]);
  if (series.x.length === 0) return null;
  return (
    <figure class="chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <ul class="chart-key" aria-hidden="true">
        {lines.map((line, index) => (
          <li key={line.label}>
            <span class={`chart-swatch chart-line-${index + 1}`} />
            {line.label} ({line.unit})
          </li>
        ))}
      </ul>
      <div ref={box} class="chart-canvas" aria-hidden="true" data-state={state} data-points={state === 'drawn' ? series.x.length : undefined} />
      {state === 'failed' ? <p class="hint">The chart could not load; the table below has the numbers.</p> : null}
    </figure>
  );
}
