// The commands of the club read check (query-api/club/reference.int.test.ts): each step of a sequence
// sent through the real route by one of the run's two logins, its answer compared with what the
// reference says the command answers, and the reads checked where a step asks for them.
import { clubProjection } from '../../../projections/club/index.ts';
import { rebuildProjection } from '../../../projections/runtime/rebuild.ts';
import {
  type OpenBody,
  type Outcome,
  playerAnswer,
  nightAnswer,
  settingsAnswer,
  type Snapshot,
  stepAddLevel,
  stepAddPlayer,
  stepAddSlot,
  stepAddVenue,
  stepChangePlayer,
  stepChangeSlot,
  stepChangeVenue,
  stepDeleteNight,
  stepDeletePlayer,
  stepOpenNight,
  stepRemoveLevel,
  stepRemoveSlot,
  stepRenameLevel,
  stepReorderLevels,
  stepRestore,
  stepSave,
  stepSetStatus,
  weekdayOf,
} from '../reference.ts';
import { checkReads } from './reads.ts';
import { type Answer, dayOf, fail, json, made, missingId, ownSettings, pick, type Run, same, sameOutcome, send } from './run.ts';
import { buildSnapshot } from './snapshot.ts';
import { DAYS, FIRST_DATE, type Step } from './steps.ts';

export async function settingsCommand(run: Run, user: 0 | 1, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: object | undefined, step: (answer: Answer) => Outcome): Promise<void> {
  const answer = await send(run, user, method, url, payload);
  const outcome = step(answer);
  sameOutcome(run, `${method} ${url}`, answer, outcome);
  if (outcome.status < 300) same(run, `${method} ${url}: the settings it answers`, ownSettings(run, answer.body), settingsAnswer(run.club));
}

/** The id the answer's settings hold that the run did not know (a level, venue or slot just made). */
function newIdIn(
  answer: Answer,
  known: readonly string[],
  list: (settings: { levels: Array<{ id: string }>; venues: Array<{ id: string; name: string; slots: Array<{ id: string }> }> }) => string[],
): string | undefined {
  if (answer.status !== 201) return undefined;
  return list(answer.body as Parameters<typeof list>[0]).find((id) => !known.includes(id));
}

export async function runStep(run: Run, step: Step): Promise<void> {
  const club = run.club;
  if (step.kind === 'check') return checkReads(run, step.by, dayOf(run, step.day), dayOf(run, Math.min(DAYS + 7, step.day + step.span)));
  if (step.kind === 'rebuild') {
    await rebuildProjection({ pool: run.check.system.core.db.slonik, store: run.check.system.core.store, projection: clubProjection, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
    run.log.push('rebuild of the club projection');
    return checkReads(run, 0, dayOf(run, 0), dayOf(run, DAYS - 1));
  }
  if (step.kind === 'signOutAndIn') {
    // the sequence's own login signs out (its cookie no longer lets anyone in) and back in
    const signedOut = run.users[0];
    sameOutcome(run, 'POST /api/auth/logout', await send(run, 0, 'POST', '/api/auth/logout'), { status: 200 });
    run.check.checkedRoutes.add('/api/auth/me');
    const me = await run.check.inject('GET', '/api/auth/me', signedOut.cookie);
    if (me.status !== 401) fail(run, 'GET /api/auth/me with the cookie signed out', 401, me);
    run.users = [{ ...signedOut, cookie: await run.check.signIn(signedOut.username) }, run.users[1]];
    run.log.push(`${signedOut.username} signed in again`);
    return;
  }
  const user = step.by as 0 | 1;
  const at = run.check.tick();
  switch (step.kind) {
    case 'addLevel':
      return settingsCommand(run, user, 'POST', '/api/levels', { name: step.name, isCoach: step.isCoach }, (answer) => {
        const id = newIdIn(answer, run.levelIds, (settings) => settings.levels.map((level) => level.id));
        if (id !== undefined) run.levelIds.push(id);
        return stepAddLevel(club, step, id);
      });
    case 'renameLevel': {
      const id = pick(club.levels, step.level)?.id ?? missingId(run);
      return settingsCommand(run, user, 'PATCH', `/api/levels/${id}`, { name: step.name }, () => stepRenameLevel(club, id, step.name));
    }
    case 'reorderLevels': {
      const order = club.levels.map((level, index) => ({ id: level.id, key: step.keys[index] ?? index })).sort((a, b) => a.key - b.key).map((entry) => entry.id);
      const sent = step.drop ? order.slice(1) : order;
      return settingsCommand(run, user, 'PUT', '/api/levels/order', { order: sent }, () => stepReorderLevels(club, sent));
    }
    case 'removeLevel': {
      const id = pick(club.levels, step.level)?.id ?? missingId(run);
      return settingsCommand(run, user, 'DELETE', `/api/levels/${id}`, undefined, () => stepRemoveLevel(club, id));
    }
    case 'addVenue': {
      const body = { name: `${run.prefix}${step.name}`, ...(step.sortOrder === null ? {} : { sortOrder: step.sortOrder }), ...(step.active === null ? {} : { active: step.active }) };
      return settingsCommand(run, user, 'POST', '/api/venues', body, (answer) => {
        // the club's other venues are other sequences': the new one is the one of the name sent
        const id = newIdIn(answer, run.venueIds, (settings) => settings.venues.filter((venue) => venue.name === body.name.trim()).map((venue) => venue.id));
        if (id !== undefined) {
          run.venueIds.push(id);
          run.check.venuesInClub += 1;
        }
        return stepAddVenue(club, body, id);
      });
    }
    case 'changeVenue': {
      const id = pick(run.venueIds, step.venue) ?? missingId(run);
      const body = {
        ...(step.name === null ? {} : { name: `${run.prefix}${step.name}` }),
        ...(step.sortOrder === null ? {} : { sortOrder: step.sortOrder }),
        ...(step.active === null ? {} : { active: step.active }),
      };
      return settingsCommand(run, user, 'PATCH', `/api/venues/${id}`, body, () => stepChangeVenue(club, id, body));
    }
    case 'addSlot': {
      const venueId = pick(run.venueIds, step.venue) ?? missingId(run);
      const body = { weekday: step.weekday, start: step.start, end: step.end };
      return settingsCommand(run, user, 'POST', `/api/venues/${venueId}/slots`, body, (answer) => {
        const id = newIdIn(answer, run.slotIds, (settings) => settings.venues.filter((venue) => venue.id === venueId).flatMap((venue) => venue.slots.map((slot) => slot.id)));
        if (id !== undefined) run.slotIds.push(id);
        return stepAddSlot(club, venueId, body, id);
      });
    }
    case 'changeSlot': {
      const id = pick(club.slots, step.slot)?.id ?? missingId(run);
      const body = { ...(step.weekday === null ? {} : { weekday: step.weekday }), ...(step.start === null ? {} : { start: step.start }), ...(step.end === null ? {} : { end: step.end }) };
      return settingsCommand(run, user, 'PATCH', `/api/slots/${id}`, body, () => stepChangeSlot(club, id, body));
    }
    case 'removeSlot': {
      const id = pick(club.slots, step.slot)?.id ?? missingId(run);
      return settingsCommand(run, user, 'DELETE', `/api/slots/${id}`, undefined, () => stepRemoveSlot(club, id));
    }
    case 'addPlayer': {
      if (step.player >= run.playerIds.length) run.playerIds.push(made(run, 'p'));
      const id = run.playerIds[Math.min(step.player, run.playerIds.length - 1)]!;
      const levelId = step.level === null ? null : (pick(club.levels, step.level)?.id ?? 'no-such-level');
      const body = { id, name: step.name, levelId, guest: step.guest };
      const answer = await send(run, user, 'POST', '/api/players', body);
      const outcome = stepAddPlayer(club, body, at);
      sameOutcome(run, 'POST /api/players', answer, outcome);
      if (outcome.status < 300) same(run, 'POST /api/players: the person it answers', answer.body, playerAnswer(club.players.get(id)!));
      return;
    }
    case 'changePlayer': {
      const id = pick(run.playerIds, step.player) ?? missingId(run);
      const body = {
        ...(step.name === null ? {} : { name: step.name }),
        ...(step.level === undefined ? {} : { levelId: step.level === null ? null : (pick(club.levels, step.level)?.id ?? 'no-such-level') }),
        ...(step.guest === null ? {} : { guest: step.guest }),
        ...(step.archived === null ? {} : { archived: step.archived }),
      };
      const answer = await send(run, user, 'PATCH', `/api/players/${id}`, body);
      const outcome = stepChangePlayer(club, id, body);
      sameOutcome(run, 'PATCH /api/players/:id', answer, outcome);
      if (outcome.status < 300) same(run, 'PATCH /api/players/:id: the person it answers', answer.body, playerAnswer(club.players.get(id)!));
      return;
    }
    case 'deletePlayer': {
      const id = pick(run.playerIds, step.player) ?? missingId(run);
      const answer = await send(run, user, 'DELETE', `/api/players/${id}`);
      sameOutcome(run, 'DELETE /api/players/:id', answer, stepDeletePlayer(club, id));
      return;
    }
    case 'openNight': {
      const venueId = pick(run.venueIds, step.venue) ?? 'no-such-venue';
      const clientId = step.id === 'server' ? undefined : step.id === 'fresh' ? made(run, 'n') : (pick(run.nightIds, step.night) ?? made(run, 'n'));
      const slot = step.slot === null ? undefined : pick(club.slots, step.slot);
      // asked for a slot's night when the club has no slot: a night from 19:00 to 21:00
      const start = step.slot !== null && !slot ? (step.start ?? '19:00') : step.start;
      const end = step.slot !== null && !slot ? (step.end ?? '21:00') : step.end;
      const body: OpenBody = {
        venueId: slot?.venueId ?? venueId,
        date: slot ? dayOf(run, ((slot.weekday - weekdayOf(FIRST_DATE) + 7) % 7) + 7 * (step.day % 3)) : dayOf(run, step.day),
        ...(clientId === undefined ? {} : { id: clientId }),
        ...(start === null ? {} : { startTime: start }),
        ...(end === null ? {} : { endTime: end }),
        ...(step.courts === null ? {} : { courts: step.courts }),
        ...(step.roundLengthSec === null ? {} : { roundLengthSec: step.roundLengthSec }),
      };
      const answer = await send(run, user, 'POST', '/api/sessions', body);
      const answeredId = answer.status === 201 ? (answer.body as { id?: string }).id : undefined;
      const outcome = stepOpenNight(club, body, at, answeredId);
      sameOutcome(run, 'POST /api/sessions', answer, outcome);
      if (outcome.id !== undefined) {
        if (!run.nightIds.includes(outcome.id)) run.nightIds.push(outcome.id);
        const night = club.nights.get(outcome.id)!;
        run.lastKnown.set(outcome.id, structuredClone(night));
        same(run, 'POST /api/sessions: the night it answers', answer.body, nightAnswer(club, night));
      }
      return;
    }
    case 'save': {
      const id = pick(run.nightIds, step.night) ?? missingId(run);
      const known = club.nights.get(id) ?? run.lastKnown.get(id);
      if (!known) return;
      const body = buildSnapshot(run, known, step);
      run.lastPut = { id, body };
      return save(run, user, id, body, at);
    }
    case 'resend': {
      if (run.lastPut === null) return;
      const { id, body } = run.lastPut;
      const changed: Snapshot = step.changed ? { ...body, endTime: body.endTime === '22:00' ? '21:30' : '22:00' } : body;
      const seq = body.snapshotSeq === undefined || step.order === 'same' ? body.snapshotSeq : body.snapshotSeq + (step.order === 'newer' ? 1 : -1);
      const again: Snapshot = seq === undefined ? changed : { ...changed, snapshotSeq: seq };
      run.lastPut = { id, body: again };
      return save(run, user, id, again, at);
    }
    case 'restore': {
      const id = pick(run.nightIds, step.night) ?? missingId(run);
      const night = club.nights.get(id);
      const newest = night?.version ?? 1;
      const from = step.version === 8 ? newest + 5 : 1 + (step.version % newest);
      const body = { expectedVersion: step.expected === 'current' || newest === 1 ? newest : newest - 1, ...(step.snapshotId ? { snapshotId: made(run, 's') } : {}) };
      for (let sent = 0; sent < (step.again ? 2 : 1); sent++) {
        const url = `/api/sessions/${id}/versions/${from}/restore`;
        const answer = await run.check.inject('POST', url, run.users[user].cookie, body);
        run.log.push(`${run.users[user].username} POST ${url} ${json(body)} → ${answer.status}`);
        const outcome = stepRestore(club, id, from, body, at);
        await sameNightOutcome(run, `POST ${url}`, id, answer, outcome);
      }
      return;
    }
    case 'close':
    case 'reopen': {
      const id = pick(run.nightIds, step.night) ?? missingId(run);
      const url = `/api/sessions/${id}/${step.kind}`;
      const answer = await send(run, user, 'POST', url);
      await sameNightOutcome(run, `POST ${url}`, id, answer, stepSetStatus(club, id, step.kind === 'close' ? 'closed' : 'open', at));
      return;
    }
    case 'deleteNight': {
      const id = pick(run.nightIds, step.night) ?? missingId(run);
      const answer = await send(run, user, 'DELETE', `/api/sessions/${id}`);
      sameOutcome(run, 'DELETE /api/sessions/:id', answer, stepDeleteNight(club, id));
      return;
    }
    default:
      return step satisfies never;
  }
}

async function save(run: Run, user: 0 | 1, id: string, body: Snapshot, at: string): Promise<void> {
  const answer = await send(run, user, 'PUT', `/api/sessions/${id}`, body);
  const outcome = stepSave(run.club, id, body, at);
  sameOutcome(run, 'PUT /api/sessions/:id', answer, outcome);
  const night = run.club.nights.get(id);
  if (night) run.lastKnown.set(id, structuredClone(night));
  if (outcome.status === 200) same(run, 'PUT /api/sessions/:id: the version it answers', answer.body, { version: outcome.version });
  if (outcome.status === 409 && night) same(run, "PUT /api/sessions/:id: the server's copy in the 409", (answer.body as { current?: unknown }).current, nightAnswer(run.club, night));
}

/** A night's command answers the night (200) or, for a conflict, the server's copy as {current}. */
async function sameNightOutcome(run: Run, what: string, id: string, answer: Answer, outcome: Outcome): Promise<void> {
  sameOutcome(run, what, answer, outcome);
  const night = run.club.nights.get(id);
  if (night) run.lastKnown.set(id, structuredClone(night));
  if (outcome.status === 200 && night) same(run, `${what}: the night it answers`, answer.body, nightAnswer(run.club, night));
  if (outcome.status === 409 && night) same(run, `${what}: the server's copy in the 409`, (answer.body as { current?: unknown }).current, nightAnswer(run.club, night));
}
