// GET /api/today lists a venue's slots that start together in one order, the one GET /api/settings
// uses (by end), whatever order they were added in: the reference check found them in either.
import t from 'tap';
import { clubClient } from '../../testing/club/client.ts';
import { startTestSystem } from '../../testing/harness.ts';

const system = await startTestSystem(t);
const { ok } = await clubClient(system);

type Today = { slots: Array<{ venueName: string; start: string; end: string }> };

t.test('slots of one venue starting at the same time come by their end', async (t) => {
  const settings = await ok<{ venues: Array<{ id: string }> }>('POST', '/api/venues', { name: 'Hall' }, 201);
  const hall = settings.venues[0]!.id;
  // Wednesday: the earlier end added first; Thursday: the later end added first
  await ok('POST', `/api/venues/${hall}/slots`, { weekday: 3, start: '18:00', end: '19:30' }, 201);
  await ok('POST', `/api/venues/${hall}/slots`, { weekday: 3, start: '18:00', end: '21:30' }, 201);
  await ok('POST', `/api/venues/${hall}/slots`, { weekday: 4, start: '18:00', end: '21:30' }, 201);
  await ok('POST', `/api/venues/${hall}/slots`, { weekday: 4, start: '18:00', end: '19:30' }, 201);
  for (const date of ['2026-11-04', '2026-11-05']) {
    const today = await ok<Today>('GET', `/api/today?date=${date}`);
    t.same(
      today.slots.map((slot) => `${slot.venueName} ${slot.start}–${slot.end}`),
      ['Hall 18:00–19:30', 'Hall 18:00–21:30'],
      date,
    );
  }
});
