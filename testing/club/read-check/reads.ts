// The reads of the club read check (query-api/club/reference.int.test.ts): every GET route of the
// club asked and its answer compared with the reference, cut down to what the run made where the
// club holds other runs' venues, people and nights too.
import { changeRules, nightAnswer, nightsAnswer, playerAnswer, playersAnswer, scheduleAnswer, settingsAnswer, todayAnswer, versionsAnswer, weekdayOf } from '../reference.ts';
import { type Answer, dayOf, fail, ownSettings, type Run, same, send } from './run.ts';
import { DAYS } from './steps.ts';

async function read(run: Run, user: 0 | 1 | null, route: string, url: string): Promise<Answer> {
  run.check.checkedRoutes.add(route);
  return send(run, user, 'GET', url);
}

async function expectRead(run: Run, user: 0 | 1 | null, route: string, url: string, expected: { status: number; body?: unknown }, filter: (body: unknown) => unknown = (body) => body): Promise<void> {
  const answer = await read(run, user, route, url);
  if (answer.status !== expected.status) fail(run, `GET ${url}: the status`, expected.status, { status: answer.status, body: answer.body });
  if (expected.body !== undefined) same(run, `GET ${url}`, filter(answer.body), expected.body);
}

const ownPlayers = (run: Run) => (body: unknown) => ({ players: ((body as { players?: Array<{ id: string }> }).players ?? []).filter((player) => run.playerIds.includes(player.id)) });
const ownNights = (run: Run) => (body: unknown) => ({ sessions: ((body as { sessions?: Array<{ venueId: string }> }).sessions ?? []).filter((night) => run.venueIds.includes(night.venueId)) });
const ownToday = (run: Run) => (body: unknown) => {
  const today = body as { slots?: Array<{ venueId: string }>; sessions?: Array<{ venueId: string }> };
  return { ...today, slots: (today.slots ?? []).filter((slot) => run.venueIds.includes(slot.venueId)), sessions: (today.sessions ?? []).filter((night) => run.venueIds.includes(night.venueId)) };
};
const ownSchedule = (run: Run) => (body: unknown) => ({ venues: ((body as { venues?: Array<{ name: string }> }).venues ?? []).filter((venue) => venue.name.startsWith(run.prefix)) });

/** Every GET route of the club, compared with the reference: by `user`, and across logins where the data is the club's. */
export async function checkReads(run: Run, user: 0 | 1, from: string, to: string): Promise<void> {
  const club = run.club;
  const reader = (1 - user) as 0 | 1;
  for (const [index, login] of run.users.entries()) {
    await expectRead(run, index as 0 | 1, '/api/auth/me', '/api/auth/me', { status: 200, body: { id: login.id, username: login.username, canChangePassword: login.canChangePassword } });
  }
  await expectRead(run, null, '/api/auth/me', '/api/auth/me', { status: 401 });
  await expectRead(run, user, '/api/settings', '/api/settings', { status: 200, body: settingsAnswer(club) }, (body) => ownSettings(run, body));
  await expectRead(run, null, '/api/public/schedule', '/api/public/schedule', { status: 200, body: scheduleAnswer(club) }, ownSchedule(run));

  await expectRead(run, reader, '/api/players', '/api/players', { status: 200, body: playersAnswer(club, false) }, ownPlayers(run));
  await expectRead(run, user, '/api/players', '/api/players?archived=false', { status: 200, body: playersAnswer(club, false) }, ownPlayers(run));
  await expectRead(run, user, '/api/players', '/api/players?archived=true', { status: 200, body: playersAnswer(club, true) }, ownPlayers(run));
  await expectRead(run, user, '/api/players', '/api/players?archived=yes', { status: 400 });
  for (const id of run.playerIds) {
    const player = club.players.get(id);
    await expectRead(run, reader, '/api/players/{id}', `/api/players/${id}`, player ? { status: 200, body: playerAnswer(player) } : { status: 404 });
  }

  await expectRead(run, user, '/api/sessions', `/api/sessions?from=${from}&to=${to}`, from <= to ? { status: 200, body: nightsAnswer(club, from, to) } : { status: 400 }, ownNights(run));
  const [first, last] = [dayOf(run, -1), dayOf(run, DAYS + 7)];
  await expectRead(run, reader, '/api/sessions', `/api/sessions?from=${first}&to=${last}`, { status: 200, body: nightsAnswer(club, first, last) }, ownNights(run));
  // at most 366 days, both ends counted
  const [yearFrom, yearTo, tooFar] = [dayOf(run, -300), dayOf(run, 65), dayOf(run, 66)];
  await expectRead(run, user, '/api/sessions', `/api/sessions?from=${yearFrom}&to=${yearTo}`, { status: 200, body: nightsAnswer(club, yearFrom, yearTo) }, ownNights(run));
  await expectRead(run, user, '/api/sessions', `/api/sessions?from=${yearFrom}&to=${tooFar}`, { status: 400 });
  for (const id of run.nightIds) {
    const night = club.nights.get(id);
    await expectRead(run, reader, '/api/sessions/{id}', `/api/sessions/${id}`, night ? { status: 200, body: nightAnswer(club, night) } : { status: 404 });
    await checkVersions(run, user, id);
  }
  const dates = new Set([...club.nights.values()].map((night) => night.date));
  // a date of each weekday with a slot, so that every slot is asked for
  const weekdays = new Set([...dates].map(weekdayOf));
  for (let day = 0; day < 7; day++) {
    if (!weekdays.has(weekdayOf(dayOf(run, day))) && club.slots.some((slot) => slot.weekday === weekdayOf(dayOf(run, day)))) dates.add(dayOf(run, day));
  }
  if (dates.size === 0) dates.add(dayOf(run, 0));
  for (const date of dates) await expectRead(run, user, '/api/today', `/api/today?date=${date}`, { status: 200, body: todayAnswer(club, date) }, ownToday(run));
  await expectRead(run, user, '/api/today', '/api/today?date=2026-02-30', { status: 400 });
}

async function checkVersions(run: Run, user: 0 | 1, id: string): Promise<void> {
  const night = run.club.nights.get(id);
  const url = `/api/sessions/${id}/versions`;
  if (!night) {
    await expectRead(run, user, '/api/sessions/{id}/versions', url, { status: 404 });
    await expectRead(run, user, '/api/sessions/{id}/versions/{version}', `${url}/1`, { status: 404 });
    return;
  }
  const answer = await read(run, user, '/api/sessions/{id}/versions', url);
  const listed = answer.body as { versions?: Array<{ recordedAt: string; changes: string[] }> };
  if (answer.status !== 200 || !Array.isArray(listed.versions)) fail(run, `GET ${url}`, 200, answer);
  const versions = listed.versions;
  same(run, `GET ${url}`, { ...listed, versions: versions.map(({ recordedAt: _at, changes: _changes, ...version }) => version) }, versionsAnswer(night));
  const times = versions.map((version) => version.recordedAt);
  if (!times.every((time) => !Number.isNaN(Date.parse(time)))) fail(run, `GET ${url}: recordedAt is an instant`, 'ISO 8601 instants', times);
  if (times.some((time, index) => index > 0 && Date.parse(time) > Date.parse(times[index - 1]!))) fail(run, `GET ${url}: newest first`, 'recordedAt not increasing', times);
  const oldestFirst = [...versions].reverse();
  night.versions.forEach((version, index) => {
    const changes = oldestFirst[index]?.changes ?? [];
    for (const rule of changeRules(index === 0 ? null : night.versions[index - 1]!.night, version.night)) {
      if (!rule.holds(changes)) fail(run, `GET ${url}: what changed in version ${version.version}`, rule.says, changes);
    }
  });
  for (const version of night.versions) {
    await expectRead(run, user, '/api/sessions/{id}/versions/{version}', `${url}/${version.version}`, { status: 200, body: nightAnswer(run.club, version.night) });
  }
  await expectRead(run, user, '/api/sessions/{id}/versions/{version}', `${url}/${night.version + 1}`, { status: 404 });
  await expectRead(run, user, '/api/sessions/{id}/versions/{version}', `${url}/0`, { status: 400 });
}
