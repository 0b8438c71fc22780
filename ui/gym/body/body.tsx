import { useMemo, useState } from 'preact/hooks';
import type { SignedIn } from '../signed-in.ts';
import { messageOf } from '../../shared/messages.ts';
import { useLoad } from '../../shared/use-load.ts';
import { gymCopies } from '../copies.ts';
import { type BodyWeight, gymApi } from '../gym-api.ts';
import { Chart, type ChartLine } from '../stats/chart.tsx';
import { kgToShown, localDate, parseNumber, readingDateProblem, shownToKg } from '../model.ts';
import { bodyWeightSeries } from '../stats/progress.ts';
import { Problem } from '../outcome.tsx';

export function BodyScreen({ signedIn }: { readonly signedIn: SignedIn }) {
  const unit = signedIn.user.settings.unit;
  const loaded = useLoad<readonly BodyWeight[]>('body-weights', () => gymApi.bodyWeights(), { copies: gymCopies, keep: 'body-weights', message: { unit } });
  const readings = loaded.state.kind === 'ok' ? loaded.state.value : null;
  const [actionProblem, setProblem] = useState<string | null>(null);
  const problem = actionProblem ?? (loaded.state.kind === 'failed' || loaded.state.kind === 'not-kept' ? loaded.state.message : null);
  const [date, setDate] = useState(localDate(new Date()));
  const [weight, setWeight] = useState('');
  // the phone's date, read at each drawing: a screen left open past midnight moves on with it
  const today = localDate(new Date());
  // a date after today is said as soon as it is typed; an emptied field once Record is pressed
  const [tried, setTried] = useState(false);
  const dateProblem = date === '' && !tried ? null : readingDateProblem(date, today);

  const series = useMemo(() => bodyWeightSeries(readings ?? [], unit), [readings, unit]);
  const chartLines = useMemo<ChartLine[]>(() => [{ label: 'Body weight', unit }], [unit]);
  // after a change the list is asked again; a failure to list is the load's own to tell
  const load = () => gymApi.bodyWeights().then(loaded.set, () => loaded.reload());
  const act = (action: () => Promise<unknown>) => {
    setProblem(null);
    action()
      .then(load)
      .catch((error: unknown) => setProblem(messageOf(error, { unit })));
  };

  return (
    <section class="stack" aria-labelledby="body-heading">
      <h2 id="body-heading">Body weight</h2>
      <form
        class="stack"
        // the checks below say in words what the browser's bubbles would ("Value must be … or earlier")
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (readingDateProblem(date, today)) {
            setTried(true);
            document.getElementById('body-date')?.focus();
            return;
          }
          const shown = parseNumber(weight);
          if (shown === null) {
            setProblem(`Weight: a number in ${unit}.`);
            return;
          }
          act(async () => {
            await gymApi.recordBodyWeight({ date, kg: shownToKg(shown, unit) });
            setWeight('');
          });
        }}
      >
        <div class="field">
          <label for="body-date">Date</label>
          <input
            id="body-date"
            type="date"
            required
            max={today}
            value={date}
            aria-invalid={dateProblem ? 'true' : undefined}
            aria-describedby={dateProblem ? 'body-date-problem' : undefined}
            onInput={(event) => setDate(event.currentTarget.value)}
          />
          {dateProblem ? (
            <p id="body-date-problem" class="problem" role="alert">
              {dateProblem}
            </p>
          ) : null}
        </div>
        <div class="field">
          <label for="body-weight">Weight ({unit})</label>
          <input id="body-weight" type="text" inputMode="decimal" required value={weight} onInput={(event) => setWeight(event.currentTarget.value)} />
        </div>
        <button type="submit" class="primary">
          Record
        </button>
        <p class="hint">One reading per day: the same date again replaces it.</p>
      </form>
      <Problem message={problem} />
      {readings === null ? (
        <p>Loading your readings…</p>
      ) : readings.length === 0 ? (
        <p>No readings yet.</p>
      ) : (
        <>
        <Chart title="Body weight over time" series={series} lines={chartLines} testId="body-chart" />
        <ul class="plain-list">
          {[...readings].reverse().map((reading) => (
            <li key={reading.date} class="reading" data-testid="reading">
              <span>
                {reading.date}: {kgToShown(reading.kg, unit)} {unit}
              </span>
              <button type="button" aria-label={`Delete the reading of ${reading.date}`} onClick={() => act(() => gymApi.deleteBodyWeight(reading.date))}>
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
        </>
      )}
    </section>
  );
}
