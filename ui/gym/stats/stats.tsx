import { useMemo } from 'preact/hooks';
import type { SignedIn } from '../signed-in.ts';
import { useLoad } from '../../shared/use-load.ts';
import { gymCopies } from '../copies.ts';
import { gymApi, type Stats } from '../gym-api.ts';
import { Chart, type ChartLine } from './chart.tsx';
import { kgToShown, localDate } from '../model.ts';
import { weeklyVolume } from './progress.ts';

export function StatsScreen({ signedIn }: { readonly signedIn: SignedIn }) {
  const unit = signedIn.user.settings.unit;
  const today = localDate(new Date());
  const loaded = useLoad<Stats>(`stats:${today}`, () => gymApi.stats(today), { copies: gymCopies, keep: 'stats' });
  const stats = loaded.state.kind === 'ok' ? loaded.state.value : null;
  const problem = loaded.state.kind === 'failed' || loaded.state.kind === 'not-kept' ? loaded.state.message : null;
  const volume = (kg: number) => `${Math.round(kgToShown(kg, unit)).toLocaleString()} ${unit}`;
  const series = useMemo(() => (stats ? weeklyVolume(stats.weeks, unit) : null), [stats, unit]);
  const chartLines = useMemo<ChartLine[]>(() => [{ label: 'Volume', unit }], [unit]);
  if (!stats || !series) {
    return problem ? (
      <p class="problem" role="alert">
        {problem}
      </p>
    ) : (
      <p>Loading your stats…</p>
    );
  }
  return (
    <section class="stack" aria-labelledby="stats-heading">
      <h2 id="stats-heading">Stats</h2>
      <dl class="totals" data-testid="totals">
        <div>
          <dt>Streak</dt>
          <dd>
            {stats.streakWeeks} {stats.streakWeeks === 1 ? 'week' : 'weeks'} at {stats.weeklyGoal}+ days
          </dd>
        </div>
        <div>
          <dt>Workouts</dt>
          <dd>{stats.totals.workouts}</dd>
        </div>
        <div>
          <dt>Sets</dt>
          <dd>{stats.totals.sets}</dd>
        </div>
        <div>
          <dt>Volume</dt>
          <dd>{volume(stats.totals.volumeKg)}</dd>
        </div>
      </dl>
      <h3>The last 12 weeks</h3>
      <Chart title="Volume per week" series={series} lines={chartLines} testId="volume-chart" />
      <table class="history">
        <caption class="visually-hidden">Days trained, sets and volume per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Days</th>
            <th scope="col">Sets</th>
            <th scope="col">Volume</th>
          </tr>
        </thead>
        <tbody>
          {/* the volume cells are the chart's own numbers (progress.ts), newest first */}
          {[...stats.weeks]
            .sort((a, b) => a.weekStart.localeCompare(b.weekStart))
            .map((week, index) => ({ week, shown: series.lines[0]![index] ?? 0 }))
            .reverse()
            .map(({ week, shown }) => (
              <tr key={week.weekStart} data-testid="week-row">
                <th scope="row">{week.weekStart}</th>
                <td>{week.daysTrained}</td>
                <td>{week.sets}</td>
                <td>
                  {shown.toLocaleString()} {unit}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
      <h3>Recent personal bests</h3>
      {stats.recentPersonalBests.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul class="plain-list" data-testid="bests">
          {stats.recentPersonalBests.map((best) => (
            <li key={`${best.exerciseId}-${best.sessionId}`}>
              {best.exerciseName ?? 'Exercise'}: {kgToShown(best.kg, unit)} {unit} × {best.reps} on {best.date} (e1RM {Math.round(kgToShown(best.estimatedOneRepMaxKg, unit) * 10) / 10})
            </li>
          ))}
        </ul>
      )}
      <p class="hint">Each exercise's e1RM and volume over time are drawn on its page (Exercises).</p>
    </section>
  );
}
