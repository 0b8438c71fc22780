// Issue 35, point 2: spec 001 has GET /shows/tracked "excluding watchlisted shows" and nothing
// excludes completed ones, so a completed show stays on the dashboard and in the emailed table,
// marked completed.
import t from 'tap';
import { showsUser } from '../../testing/shows/client.ts';
import { startShowsSystem } from '../../testing/shows/system.ts';

// Slow Horses S6E3 (3643507) airs 2026-09-30: four of its eight recorded episodes have aired by then
const NOW = '2026-09-25T10:00:00.000Z';
const { app, postmark } = await startShowsSystem(t, { now: () => new Date(NOW), mail: true });

type Tracked = { id: string; showId: number; onWatchlist: boolean; completedAt: string | null; rating: number | null };

async function ok<T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<T> {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`expected ${status}, got ${answer.statusCode} ${answer.body}`);
  return answer.json() as T;
}

const alice = await showsUser(app, 'alice@example.org');
await ok(alice.call('POST', '/api/shows/track', { showId: 45039 }), 201);
const dome = await ok<Tracked>(alice.call('POST', '/api/shows/track', { showId: 1 }), 201);
const survivor = await ok<Tracked>(alice.call('POST', '/api/shows/track', { showId: 8167 }), 201);
await ok(alice.call('PUT', `/api/shows/tracked/${dome.id}/completed`, { rating: 7 }));
// completed and then saved for later: the watchlist still keeps it off the dashboard
await ok(alice.call('PUT', `/api/shows/tracked/${survivor.id}/completed`, { rating: 5 }));
await ok(alice.call('PUT', `/api/shows/tracked/${survivor.id}/watchlist`, { onWatchlist: true }));

t.test('GET /api/shows/tracked keeps a completed show, marked completed with its rating', async (t) => {
  const dashboard = await ok<Tracked[]>(alice.call('GET', '/api/shows/tracked'));
  t.same(
    dashboard.map((show) => [show.showId, show.completedAt, show.rating]).sort((a, b) => Number(a[0]) - Number(b[0])),
    [
      [1, NOW, 7],
      [45039, null, null],
    ],
    'the completed show beside the one still followed; the watchlisted one left out',
  );
  t.notOk(dashboard.some((show) => show.id === survivor.id), 'on the watchlist: not on the dashboard, completed or not');
});

t.test('POST /api/shows/tracked/email sends the same shows, the completed one marked completed', async (t) => {
  const before = postmark.received.length;
  t.same(await ok(alice.call('POST', '/api/shows/tracked/email')), { ok: true, to: 'alice@example.org' });
  const mail = postmark.received[before]!;
  const lines = String(mail.body.TextBody).trimEnd().split('\n');
  t.same(
    lines.slice(1).sort(),
    [
      `${'Slow Horses'.padEnd(40)}        0       4  next 2026-09-30`,
      `${'Under the Dome'.padEnd(40)}        0       5  completed 2026-09-25, rated 7/10`,
    ],
    'one row per dashboard show: name, watched, behind, then the next airing or that it is completed',
  );
  t.notMatch(mail.body.TextBody, /Designated Survivor/, 'the watchlisted show is not on the dashboard, so not in the table');
});
