// Issue 38, "Every app opens empty": the demo data, added through the services' routes, is what a
// person signed in as the demo accounts sees through the query API; a second run adds nothing.
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { addDays } from '../../domain/shared/calendar.ts';
import { formatPosition } from '../../infra/eventstore/port.ts';
import { localDate } from '../../ui/gym/model.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_USERNAME } from './accounts.ts';
import { DEMO_LEVELS, DEMO_PEOPLE, DEMO_SLOTS, DEMO_VENUE } from './club.ts';
import { serviceClient } from './http.ts';
import { demoTargets, seedDemo } from './seed.ts';
import { demoTvmaze } from './tvmaze.ts';

const tvmaze = await demoTvmaze(t);
const system = await startTestSystem(t, { TVMAZE_URL: tvmaze.url });
const services: { name: string; port: number }[] = [];
for (const [name, app] of Object.entries(system.apps)) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  services.push({ name, port: (app.server.address() as AddressInfo).port });
}
const targets = demoTargets(system.core.config, services);
const today = localDate(new Date());
const twelveWeeksAgo = addDays(today, -7 * 12);

const first = await seedDemo(targets, system.core, today);

/** A client signed in as the app's demo account, as its login page signs in. */
async function signedIn(app: 'gym' | 'shows' | 'club') {
  const client = serviceClient(targets[app]);
  const body = app === 'club' ? { username: DEMO_LOGINS.club, password: DEMO_PASSWORD } : { email: DEMO_LOGINS[app], password: DEMO_PASSWORD };
  await client.send('POST', '/api/auth/login', body);
  return client;
}

type Workout = { id: string; date: string; planName: string | null; dayTitle: string | null };
type ExerciseHistory = { workouts: { date: string; bestSet: { kg: number } | null; estimatedOneRepMaxKg: number | null; sets: { reps: number }[] }[] };
type Night = { id: string; date: string; status: string; people: number; courts: number; rounds: number; venueName: string | null };
type Tracked = { show: { name: string } | null; watchedCount: number; rating: number | null };

/** What each app shows the demo account: the counts the second run must leave as they are. */
async function seen() {
  const gym = await signedIn('gym');
  const club = await signedIn('club');
  const shows = await signedIn('shows');
  const [workouts, bodyWeights, cardio, machines, players, settings, nights, dashboard, watching, watchlist, completed, form] = await Promise.all([
    gym.send<Workout[]>('GET', `/api/sessions?from=${twelveWeeksAgo}&to=${today}`),
    gym.send<{ date: string; kg: number }[]>('GET', `/api/bodyweight?from=${twelveWeeksAgo}&to=${today}`),
    gym.send<{ machineName?: string; minutes: number }[]>('GET', `/api/cardio/logs?from=${twelveWeeksAgo}&to=${today}`),
    gym.send<{ name: string }[]>('GET', '/api/cardio/machines'),
    club.send<{ players: { name: string; levelId: string | null }[] }>('GET', '/api/players').then((answer) => answer.players),
    club.send<{ levels: { id: string; name: string }[]; venues: { name: string; slots: { weekday: number; start: string; end: string }[] }[] }>('GET', '/api/settings'),
    club.send<{ sessions: Night[] }>('GET', `/api/sessions?from=${addDays(today, -30)}&to=${today}`).then((answer) => answer.sessions),
    shows.send<Tracked[]>('GET', '/api/shows/tracked'),
    shows.send<Tracked[]>('GET', '/api/shows/watching'),
    shows.send<Tracked[]>('GET', '/api/shows/watchlist'),
    shows.send<Tracked[]>('GET', '/api/shows/completed'),
    serviceClient(targets.forms).send<{ respondent: string; version: number }>('GET', '/api/forms/welcome'),
  ]);
  return { gym, club, shows, workouts, bodyWeights, cardio, machines, players, settings, nights, dashboard, watching, watchlist, completed, form };
}

const before = await seen();

t.test('the gym account: twelve weeks of a 5×5, three workouts a week, up to the last training day before today', async (t) => {
  const { workouts } = before;
  t.equal(workouts.length, 36, '36 workouts');
  const dates = workouts.map((workout) => workout.date).sort();
  t.ok(dates[0]! >= twelveWeeksAgo && dates.at(-1)! < today, `all within the twelve weeks before ${today}: ${dates[0]} to ${dates.at(-1)}`);
  t.equal(new Set(dates).size, 36, 'one a day');
  for (let week = 0; week < 12; week += 1) {
    const from = addDays(today, -7 * (12 - week));
    const to = addDays(from, 6);
    t.equal(dates.filter((date) => date >= from && date <= to).length, 3, `three in the week from ${from}`);
  }
  t.same(new Set(workouts.map((workout) => `${workout.planName}: ${workout.dayTitle}`)), new Set(['5×5: A', '5×5: B']), 'each on a day of the 5×5');
});

t.test("the squat's estimated one-rep max rises over the twelve weeks, through a stall and a deload", async (t) => {
  const exercises = await before.gym.send<{ id: string; name: string }[]>('GET', '/api/exercises');
  t.same(exercises.map((exercise) => exercise.name).sort(), ['Barbell Row', 'Bench Press', 'Deadlift', 'Overhead Press', 'Squat']);
  const squat = exercises.find((exercise) => exercise.name === 'Squat')!;
  const history = await before.gym.send<ExerciseHistory>('GET', `/api/exercises/${squat.id}/history`);
  const byDate = [...history.workouts].sort((a, b) => a.date.localeCompare(b.date));
  t.equal(byDate.length, 36, 'squatted at every workout');
  const estimates = byDate.map((workout) => workout.estimatedOneRepMaxKg ?? 0);
  t.ok(estimates.at(-1)! > estimates[0]! + 20, `e1RM from ${estimates[0]} to ${estimates.at(-1)} kg`);
  const weights = byDate.map((workout) => workout.bestSet?.kg ?? 0);
  t.ok(weights.some((kg, index) => index > 0 && kg < weights[index - 1]!), `a deload: ${weights.join(', ')}`);
  t.ok(weights.some((kg, index) => index > 0 && kg === weights[index - 1]!), 'a stall: the same weight again');
  t.ok(byDate.some((workout) => workout.sets.some((set) => set.reps < 5)), 'a few sets short of five');
});

t.test('body weight about weekly, trending gently down; cardio on two machines', async (t) => {
  const { bodyWeights, cardio, machines } = before;
  t.ok(bodyWeights.length >= 11 && bodyWeights.length <= 13, `${bodyWeights.length} readings`);
  t.ok(bodyWeights.at(-1)!.kg < bodyWeights[0]!.kg && bodyWeights[0]!.kg - bodyWeights.at(-1)!.kg < 5, `${bodyWeights[0]!.kg} kg to ${bodyWeights.at(-1)!.kg} kg`);
  t.same(machines.map((machine) => machine.name).sort(), ['Rower', 'Treadmill']);
  t.ok(cardio.length >= 12, `${cardio.length} cardio sessions`);
});

t.test('the club: its venue and weekly slots, levels, twenty people, two past nights with rounds', async (t) => {
  const { settings, players, nights } = before;
  t.same(
    settings.venues.map((venue) => ({ name: venue.name, slots: venue.slots.map(({ weekday, start, end }) => ({ weekday, start, end })) })),
    [{ name: DEMO_VENUE, slots: DEMO_SLOTS }],
  );
  t.same(settings.levels.map((level) => level.name), DEMO_LEVELS, 'levels, strongest first');
  t.equal(players.length, 20);
  t.same(players.map((player) => player.name).sort(), DEMO_PEOPLE.map((person) => person.name).sort());
  t.ok(players.every((player) => player.levelId !== null), 'everyone has a level');
  t.equal(nights.length, 2, 'two nights');
  t.same(nights.map((night) => [night.people, night.courts]), [[16, 4], [12, 3]], 'sixteen people on four courts, then twelve on three');
  for (const night of nights) {
    t.ok(night.date < today, `${night.date} is past`);
    t.match(night, { status: 'closed', venueName: DEMO_VENUE, rounds: 8 }, `${night.date}: closed, eight rounds`);
    const { versions } = await before.club.send<{ versions: { kind: string }[] }>('GET', `/api/sessions/${night.id}/versions`);
    t.same(versions.map((version) => version.kind).reverse(), ['opened', ...Array.from({ length: 10 }, () => 'saved'), 'closed'], 'opened, saved as it was played, closed');
  }
});

t.test('the shows library: two being watched, one finished and rated, three saved for later', async (t) => {
  const { dashboard, watching, watchlist, completed } = before;
  t.same(watching.map((tracked) => tracked.show?.name).sort(), ['Designated Survivor', 'Slow Horses']);
  t.ok(watching.every((tracked) => tracked.watchedCount > 0), 'episodes watched in each');
  t.same(dashboard.map((tracked) => tracked.show?.name).sort(), ['Designated Survivor', 'Slow Horses', 'Under the Dome'], 'the dashboard: all but the watchlist (spec 001)');
  t.same(watchlist.map((tracked) => tracked.show?.name).sort(), ['Hemlock Grove', 'Person of Interest', 'The Suspect']);
  t.match(completed, [{ show: { name: 'Under the Dome' }, rating: 7 }]);
  const me = await before.shows.send<{ username: string | null; publicProfile: boolean }>('GET', '/api/auth/me');
  t.match(me, { username: DEMO_USERNAME, publicProfile: true });
});

t.test('the sample questionnaire has answers', async (t) => {
  t.match(before.form, { respondent: 'Sam Rivera', version: 1 });
  t.same(
    Object.values(first).map((outcome) => [outcome.app, outcome.state]),
    [
      ['gym', 'added'],
      ['shows', 'added'],
      ['club', 'added'],
      ['forms', 'added'],
    ],
  );
});

t.test('a second run adds nothing: every app is already there, the log does not move', async (t) => {
  const head = formatPosition(await system.core.store.headPosition());
  const second = await seedDemo(targets, system.core, today);
  t.same(
    Object.values(second).map((outcome) => [outcome.app, outcome.state]),
    [
      ['gym', 'already there'],
      ['shows', 'already there'],
      ['club', 'already there'],
      ['forms', 'already there'],
    ],
  );
  t.equal(formatPosition(await system.core.store.headPosition()), head, "the log's head");
  const after = await seen();
  const counts = (view: typeof before) => [view.workouts.length, view.bodyWeights.length, view.cardio.length, view.players.length, view.nights.length, view.dashboard.length, view.watching.length, view.watchlist.length, view.completed.length, view.form.version];
  t.same(counts(after), counts(before), 'the same counts in every app');
  t.same(second.gym.pages, first.gym.pages, 'the same workout, exercise and plan to open');
  t.same(second.club.pages, first.club.pages, 'the same night to open');
});
