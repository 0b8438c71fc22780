// Test support: the club reference's steps for nights: open, save, restore, close and reopen, delete
// (testing/club/reference.ts).
import type { Club, Night, NightContent, NightPerson, NightState, NightVersion, Outcome, Snapshot } from './model.ts';
import { canonical, contentOf, copy, hasLevel, ok, onCourt, refused, validName } from './rules.ts';

export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

export type OpenBody = { id?: string; venueId: string; date: string; startTime?: string; endTime?: string; courts?: number; roundLengthSec?: number };

/**
 * POST /api/sessions (its OpenAPI description): a night at a venue on a date; the start and end default
 * to the venue's one weekly slot that weekday, courts and round length to the club's settings; the same
 * venue, date and start again answers the night already there (200).
 */
export function stepOpenNight(club: Club, body: OpenBody, at: string, serverId: string | undefined): Outcome & { id?: string } {
  if (body.courts !== undefined && !(Number.isInteger(body.courts) && body.courts >= 1 && body.courts <= 20)) return refused(400);
  if (body.roundLengthSec !== undefined && !(Number.isInteger(body.roundLengthSec) && body.roundLengthSec >= 60 && body.roundLengthSec <= 3600)) return refused(400);
  const venue = club.venues.find((candidate) => candidate.id === body.venueId);
  if (!venue) return refused(400);
  const slots = club.slots.filter((slot) => slot.venueId === venue.id && slot.weekday === weekdayOf(body.date) && (body.startTime === undefined || slot.start === body.startTime));
  const slot = slots.length === 1 ? slots[0] : undefined;
  const startTime = body.startTime ?? slot?.start;
  const endTime = body.endTime ?? slot?.end;
  if (startTime === undefined || endTime === undefined || startTime >= endTime) return refused(400);
  const holder = [...club.nights.values()].find((night) => night.venueId === venue.id && night.date === body.date && night.startTime === startTime);
  if (body.id !== undefined) {
    const named = club.nights.get(body.id);
    if (named && named !== holder) return refused(409, 'SESSION_ID_TAKEN');
  }
  if (holder) return { status: 200, id: holder.id };
  const id = body.id ?? serverId;
  if (id === undefined) return refused(201);
  const courts = body.courts ?? club.settings.defaultCourts;
  const state: NightState = {
    id,
    venueId: venue.id,
    date: body.date,
    startTime,
    endTime,
    courts,
    roundLengthSec: body.roundLengthSec ?? club.settings.roundLengthSec,
    status: 'open',
    version: 1,
    people: [],
    lineUp: [],
    timer: null,
    rounds: [],
    sittingOut: [],
    openedAt: at,
    updatedAt: at,
    mostCourts: courts,
    lastSave: null,
  };
  club.nights.set(id, { ...state, versions: [{ version: 1, kind: 'opened', restoredFrom: null, night: copy(state) }] });
  return { status: 201, id };
}

/**
 * Spec rule 1 of PUT /api/sessions/:id, as the route's docs spell it out: an unknown venue or level, a
 * venue, date or start other than the night's, a court the night does not have (a filed round may use
 * any court the night has had), a round number twice, a person twice on the sheet or on court without
 * having come, the timer on a round already filed, a round's name for someone neither on its courts nor
 * sitting it out; someone sitting out who has not come, twice, or on court (the night's or a round's).
 * A person keeps the level copied for them that night.
 * What is wrong with the snapshot, or null when rule 1 lets it through.
 */
export function refusedByRuleOne(club: Club, snapshot: Snapshot, night: NightState): string | null {
  if (!club.venues.some((venue) => venue.id === snapshot.venueId)) return 'unknown venue';
  if (snapshot.venueId !== night.venueId || snapshot.date !== night.date || snapshot.startTime !== night.startTime) return 'the night moved';
  if (snapshot.startTime >= snapshot.endTime) return 'ends before it starts';
  const ids = snapshot.people.map((person) => person.id);
  if (new Set(ids).size !== ids.length) return 'a person twice';
  for (const person of snapshot.people) {
    const copied = night.people.find((candidate) => candidate.playerId === person.id)?.levelId;
    if (person.levelId !== null && !hasLevel(club, person.levelId) && copied !== person.levelId) return 'unknown level';
  }
  const courts = snapshot.lineUp.map((entry) => entry.court);
  if (courts.some((court) => court > snapshot.courts) || new Set(courts).size !== courts.length) return 'a court the night does not have, or twice';
  const playing = onCourt(snapshot.lineUp);
  if (new Set(playing).size !== playing.length || playing.some((id) => !ids.includes(id))) return 'on court twice or without having come';
  const sittingOut = snapshot.sittingOut ?? [];
  if (new Set(sittingOut).size !== sittingOut.length || sittingOut.some((id) => !ids.includes(id) || playing.includes(id))) return 'sitting out twice, without having come, or on court';
  const numbers = snapshot.rounds.map((round) => round.number);
  if (new Set(numbers).size !== numbers.length) return 'a round number twice';
  const mostCourts = Math.max(night.mostCourts, snapshot.courts);
  for (const round of snapshot.rounds) {
    const used = round.lineUp.map((entry) => entry.court);
    if (used.some((court) => court > mostCourts) || new Set(used).size !== used.length) return 'a filed round on a court the night never had, or twice';
    const played = onCourt(round.lineUp);
    const satOut = round.sittingOut ?? [];
    if (new Set(satOut).size !== satOut.length || satOut.some((id) => played.includes(id))) return 'a round with someone sitting out twice or on its courts';
    for (const id of Object.keys(round.names ?? {})) {
      if (!played.includes(id) && !satOut.includes(id)) return 'a round naming someone neither on its courts nor sitting it out';
    }
  }
  return snapshot.timer !== null && numbers.includes(snapshot.timer.roundNumber) ? 'the timer on a filed round' : null;
}

/**
 * The level of that night for each person: copied when they came with it, so a later change of the
 * level (rename, rank) rewrites no history; a newcomer, or a level changed on the phone, is copied anew.
 */
function levelsOfTheNight(club: Club, people: Snapshot['people'], night: NightState): NightPerson[] {
  return people.map((person) => {
    const kept = night.people.find((candidate) => candidate.playerId === person.id && candidate.levelId === person.levelId);
    if (kept) return { ...kept, name: person.name };
    const level = club.levels.find((candidate) => candidate.id === person.levelId);
    return { playerId: person.id, name: person.name, levelId: level?.id ?? null, levelName: level?.name ?? null, levelRank: level?.rank ?? null };
  });
}
/** Spec rule 4: people the server has not seen are created from the snapshot; an existing one is never changed. */
function createUnseen(club: Club, people: ReadonlyArray<{ id: string; name: string; levelId: string | null; guest: boolean }>, at: string): void {
  for (const person of people) {
    if (!club.players.has(person.id)) {
      club.players.set(person.id, { id: person.id, name: person.name.trim(), levelId: person.levelId, guest: person.guest, archived: false, createdAt: at });
    }
  }
}

function record(night: Night, kind: NightVersion['kind'], restoredFrom: number | null): void {
  const { versions: _versions, ...state } = night;
  night.versions.push({ version: night.version, kind, restoredFrom, night: copy(state) });
}

/**
 * The snapshot id rule of docs/design.md ("A save after a lost answer is recognised by its snapshot
 * id"): the same phone's change, from the same starting version, while the night is still at the
 * version that change made.
 */
const followsOwnSave = (night: NightState, snapshotId: string | undefined, basedOn: number): boolean =>
  snapshotId !== undefined && night.lastSave !== null && night.lastSave.snapshotId === snapshotId && night.lastSave.version === night.version && night.lastSave.basedOn === basedOn;

function saveOnTop(night: Night, content: NightContent, snapshotId: string | undefined, at: string, restoredFrom: number | null, seq: number | null = null): void {
  const basedOn = night.lastSave !== null && night.lastSave.snapshotId === snapshotId ? night.lastSave.basedOn : night.version;
  Object.assign(night, copy(content));
  night.version += 1;
  night.updatedAt = at;
  night.mostCourts = Math.max(night.mostCourts, content.courts);
  night.lastSave = snapshotId === undefined ? null : { snapshotId, version: night.version, basedOn, seq };
  record(night, restoredFrom === null ? 'saved' : 'restored', restoredFrom);
}

/**
 * PUT /api/sessions/:id, spec rules 1–5 and Errors: 400 for rule 1 whatever the version; people created
 * (rule 4) whether or not the save wins; 409 {current} on a stale version (and on a closed night); else
 * the whole night replaced and the version moved on by one, unless it holds the night as it is (issue 34).
 * Answers 200 with the version.
 */
export function stepSave(club: Club, id: string, snapshot: Snapshot, at: string): Outcome & { version?: number } {
  // a round's name People would refuse is refused by the body's schema, before the night is looked up
  if (snapshot.rounds.some((round) => Object.values(round.names ?? {}).some((name) => !validName(name)))) return refused(400);
  const night = club.nights.get(id);
  if (!night) return refused(404);
  // a late or repeated copy of the phone's own save (its order not above the one taken), whatever the
  // club changed since: the same content is answered with the version, other content is a conflict
  const seq = night.lastSave?.seq ?? null;
  if (followsOwnSave(night, snapshot.snapshotId, snapshot.version) && snapshot.snapshotSeq !== undefined && seq !== null && snapshot.snapshotSeq <= seq) {
    return canonical(contentOfSnapshot(club, snapshot, night)) === canonical(contentOf(night)) ? { status: 200, version: night.version } : refused(409, 'VERSION_CONFLICT');
  }
  if (refusedByRuleOne(club, snapshot, night) !== null) return refused(400);
  createUnseen(club, snapshot.people.map((person) => ({ ...person, guest: person.guest ?? false })), at);
  const ownLast = followsOwnSave(night, snapshot.snapshotId, snapshot.version);
  if (snapshot.version !== night.version && !ownLast) return refused(409, 'VERSION_CONFLICT');
  const content = contentOfSnapshot(club, snapshot, night);
  // the same snapshot sent again after its answer was lost: nothing new, the version it made answers
  if (ownLast && canonical(content) === canonical(contentOf(night))) return { status: 200, version: night.version };
  if (night.status === 'closed') return refused(409, 'SESSION_CLOSED');
  // issue 34: a save that changes nothing makes no version; the version the phone holds is the answer
  if (canonical(content) === canonical(contentOf(night))) return { status: 200, version: night.version };
  saveOnTop(night, content, snapshot.snapshotId, at, null, snapshot.snapshotSeq ?? null);
  return { status: 200, version: night.version };
}

/** The night a snapshot would make, its people at the night's levels and its round names trimmed. */
function contentOfSnapshot(club: Club, snapshot: Snapshot, night: NightState): NightContent {
  return {
    endTime: snapshot.endTime,
    courts: snapshot.courts,
    roundLengthSec: snapshot.roundLengthSec,
    people: levelsOfTheNight(club, snapshot.people, night),
    lineUp: copy(snapshot.lineUp),
    timer: snapshot.timer === null ? null : { ...snapshot.timer, roundStartedAt: snapshot.timer.roundStartedAt ?? null },
    // names are held to People's rule: trimmed
    rounds: snapshot.rounds.map(({ names, ...round }) =>
      names === undefined ? copy(round) : { ...copy(round), names: Object.fromEntries(Object.entries(names).map(([id, name]) => [id, name.trim()])) },
    ),
    sittingOut: [...(snapshot.sittingOut ?? [])],
  };
}

/**
 * POST /api/sessions/:id/versions/:version/restore (its OpenAPI description): an older version's night
 * saved as the newest, built on expectedVersion like a save; its people deleted since come back, with
 * the level of that night while the club still has it.
 */
export function stepRestore(club: Club, id: string, from: number, body: { expectedVersion: number; snapshotId?: string }, at: string): Outcome {
  const night = club.nights.get(id);
  const older = night?.versions.find((version) => version.version === from);
  if (!night || !older) return refused(404);
  createUnseen(
    club,
    older.night.people.map((person) => ({ id: person.playerId, name: person.name, levelId: hasLevel(club, person.levelId) ? person.levelId : null, guest: false })),
    at,
  );
  if (followsOwnSave(night, body.snapshotId, body.expectedVersion)) return ok();
  if (body.expectedVersion !== night.version) return refused(409, 'VERSION_CONFLICT');
  if (from >= night.version) return refused(400, 'NOT_AN_OLDER_VERSION');
  if (night.status === 'closed') return refused(409, 'SESSION_CLOSED');
  saveOnTop(night, contentOf(older.night), body.snapshotId, at, from);
  return ok();
}

/** Close and reopen move the version on (their OpenAPI descriptions); doing either twice changes nothing. */
export function stepSetStatus(club: Club, id: string, status: 'open' | 'closed', at: string): Outcome {
  const night = club.nights.get(id);
  if (!night) return refused(404);
  if (night.status === status) return ok();
  night.status = status;
  night.version += 1;
  night.updatedAt = at;
  record(night, status === 'closed' ? 'closed' : 'reopened', null);
  return ok();
}

/** A night opened by mistake: refused once a round is filed. */
export function stepDeleteNight(club: Club, id: string): Outcome {
  const night = club.nights.get(id);
  if (!night) return refused(404);
  if (night.rounds.length > 0) return refused(409, 'SESSION_HAS_ROUNDS');
  club.nights.delete(id);
  return ok();
}
