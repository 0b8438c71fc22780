// Test support for query-api/club/reference.int.test.ts: the club folded in memory from the commands
// a test sent, with plain code written from spec 002 Part A, docs/design.md ("Club nights") and the
// routes' OpenAPI descriptions, never from the SQL. Each `step…` function is one command: it says
// what the command API must answer and, when that is a success, changes the club as the command
// does. The `…Answer` functions are what each GET route must answer. Imported only by tests.
//
// The club is one per database and test sequences share it, so the reference holds only what its
// own sequence made (venues, their slots, people, nights); levels and the club's settings are whole
// because each sequence starts from none and sets the club first. Ids the server makes (venues,
// levels, slots, nights opened without one) are taken from its answers.

export type Level = { id: string; name: string; rank: number; isCoach: boolean };
export type Venue = { id: string; name: string; sortOrder: number; active: boolean };
export type Slot = { id: string; venueId: string; weekday: number; start: string; end: string };
export type Player = { id: string; name: string; levelId: string | null; guest: boolean; archived: boolean; createdAt: string };
export type Court = { court: number; teamA: [string, string]; teamB: [string, string] };
export type Timer = { roundNumber: number; durationSec: number; startedAt: string | null; roundStartedAt: string | null; pausedRemainingSec: number | null };
/**
 * `names`: each player's name as the phone filed it with the round (docs: PUT /api/sessions/:id), absent from older builds;
 * `sittingOut`: who was here and not on its courts, absent from older builds and when everyone played
 */
export type Round = { number: number; startedAt: string; endedAt: string; lineUp: Court[]; names?: Record<string, string>; sittingOut?: string[] };
/** someone who came, with the level of that night as it was copied */
export type NightPerson = { playerId: string; name: string; levelId: string | null; levelName: string | null; levelRank: number | null };

type NightContent = {
  endTime: string;
  courts: number;
  roundLengthSec: number;
  people: NightPerson[];
  lineUp: Court[];
  timer: Timer | null;
  rounds: Round[];
  /** who sits out the round in play: nobody when a save left it out */
  sittingOut: string[];
};

export type NightState = NightContent & {
  id: string;
  venueId: string;
  date: string;
  startTime: string;
  status: 'open' | 'closed';
  version: number;
  openedAt: string;
  updatedAt: string;
  /** the most courts the night has had: a round filed before the count went down keeps its court */
  mostCourts: number;
  /** the last accepted save's snapshot id, the version it made, the version its change started from and its order (null: none sent) */
  lastSave: { snapshotId: string; version: number; basedOn: number; seq: number | null } | null;
};

export type NightVersion = { version: number; kind: 'opened' | 'saved' | 'restored' | 'closed' | 'reopened'; restoredFrom: number | null; night: NightState };

export type Night = NightState & { versions: NightVersion[] };

/** The body of PUT /api/sessions/:id as the test sends it. */
export type Snapshot = {
  version: number;
  venueId: string;
  date: string;
  startTime: string;
  endTime: string;
  courts: number;
  roundLengthSec: number;
  people: Array<{ id: string; name: string; levelId: string | null; guest?: boolean }>;
  lineUp: Court[];
  /** roundStartedAt may be left out, as a phone on an older build does (spec: Versioning) */
  timer: (Omit<Timer, 'roundStartedAt'> & { roundStartedAt?: string | null }) | null;
  rounds: Round[];
  sittingOut?: string[];
  snapshotId?: string;
  snapshotSeq?: number;
};

export type Club = {
  settings: { defaultCourts: number; roundLengthSec: number };
  /** by rank: 0, 1, 2, … */
  levels: Level[];
  venues: Venue[];
  slots: Slot[];
  /** the people that exist now; a deleted one is gone (and may be created again) */
  players: Map<string, Player>;
  /** the nights that exist now, by id */
  nights: Map<string, Night>;
  /** venues of the whole club, this sequence's or not: a venue added without a sort order goes last */
  venuesInClub: number;
};

/** The answer a command must give: its status and, for a refusal, the error code when the API fixes one. */
export type Outcome = { status: number; code?: string };

export function newClub(settings: Club['settings'], venuesInClub: number): Club {
  return { settings: { ...settings }, levels: [], venues: [], slots: [], players: new Map(), nights: new Map(), venuesInClub };
}

const ok = (status = 200): Outcome => ({ status });
const refused = (status: number, code?: string): Outcome => (code === undefined ? { status } : { status, code });
/** names compare trimmed and without case: "Hall" and " hall" are one venue */
const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const copy = <T>(value: T): T => structuredClone(value);
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const validName = (name: string): boolean => name.trim().length >= 1 && name.trim().length <= 100;

// ---- settings, levels, venues, slots ----

export function stepChangeClub(club: Club, body: { defaultCourts: number; roundLengthSec: number }): Outcome {
  const courtsOk = Number.isInteger(body.defaultCourts) && body.defaultCourts >= 1 && body.defaultCourts <= 20;
  const lengthOk = Number.isInteger(body.roundLengthSec) && body.roundLengthSec >= 60 && body.roundLengthSec <= 3600;
  if (!courtsOk || !lengthOk) return refused(400);
  club.settings = { ...body };
  return ok();
}

/** Spec: rank 0 is strongest, ranks unique; the coach level is rank 0. A new level goes last, the coach first. */
export function stepAddLevel(club: Club, body: { name: string; isCoach: boolean }, newId: string | undefined): Outcome {
  if (!validName(body.name)) return refused(400);
  if (club.levels.some((level) => sameName(level.name, body.name))) return refused(409, 'LEVEL_NAME_TAKEN');
  if (body.isCoach && club.levels.some((level) => level.isCoach)) return refused(409, 'COACH_EXISTS');
  if (newId === undefined) return refused(201);
  const level = { id: newId, name: body.name.trim(), rank: 0, isCoach: body.isCoach };
  club.levels = body.isCoach ? [level, ...club.levels] : [...club.levels, level];
  rank(club);
  return ok(201);
}

const rank = (club: Club): void => club.levels.forEach((level, index) => (level.rank = index));

export function stepRenameLevel(club: Club, id: string, name: string): Outcome {
  if (!validName(name)) return refused(400);
  const level = club.levels.find((candidate) => candidate.id === id);
  if (!level) return refused(404, 'LEVEL_NOT_FOUND');
  if (club.levels.some((other) => other.id !== id && sameName(other.name, name))) return refused(409, 'LEVEL_NAME_TAKEN');
  level.name = name.trim();
  return ok();
}

export function stepReorderLevels(club: Club, order: readonly string[]): Outcome {
  const ids = new Set(club.levels.map((level) => level.id));
  if (order.length !== ids.size || new Set(order).size !== order.length || !order.every((id) => ids.has(id))) return refused(400, 'LEVEL_ORDER_MISMATCH');
  const coach = club.levels.find((level) => level.isCoach);
  if (coach && order[0] !== coach.id) return refused(400, 'COACH_NOT_FIRST');
  club.levels = order.map((id) => club.levels.find((level) => level.id === id)!);
  rank(club);
  return ok();
}

/** Refused while anyone holds the level; the ranks below move up. */
export function stepRemoveLevel(club: Club, id: string): Outcome {
  const holders = [...club.players.values()].filter((player) => player.levelId === id).length;
  if (holders > 0) return refused(409, 'LEVEL_IN_USE');
  if (!club.levels.some((level) => level.id === id)) return refused(404, 'LEVEL_NOT_FOUND');
  club.levels = club.levels.filter((level) => level.id !== id);
  rank(club);
  return ok();
}

export function stepAddVenue(club: Club, body: { name: string; sortOrder?: number; active?: boolean }, newId: string | undefined): Outcome {
  if (!validName(body.name)) return refused(400);
  if (club.venues.some((venue) => sameName(venue.name, body.name))) return refused(409, 'VENUE_NAME_TAKEN');
  if (newId === undefined) return refused(201);
  club.venues.push({ id: newId, name: body.name.trim(), sortOrder: body.sortOrder ?? club.venuesInClub, active: body.active ?? true });
  club.venuesInClub += 1;
  return ok(201);
}

export function stepChangeVenue(club: Club, id: string, body: { name?: string; sortOrder?: number; active?: boolean }): Outcome {
  if (body.name !== undefined && !validName(body.name)) return refused(400);
  const venue = club.venues.find((candidate) => candidate.id === id);
  if (!venue) return refused(404, 'VENUE_NOT_FOUND');
  if (body.name !== undefined && club.venues.some((other) => other.id !== id && sameName(other.name, body.name!))) return refused(409, 'VENUE_NAME_TAKEN');
  if (body.name !== undefined) venue.name = body.name.trim();
  if (body.sortOrder !== undefined) venue.sortOrder = body.sortOrder;
  if (body.active !== undefined) venue.active = body.active;
  return ok();
}

const validSlot = (weekday: number, start: string, end: string): boolean =>
  Number.isInteger(weekday) && weekday >= 0 && weekday <= 6 && TIME.test(start) && TIME.test(end) && start < end;

export function stepAddSlot(club: Club, venueId: string, body: { weekday: number; start: string; end: string }, newId: string | undefined): Outcome {
  if (!validSlot(body.weekday, body.start, body.end)) return refused(400);
  if (!club.venues.some((venue) => venue.id === venueId)) return refused(404, 'VENUE_NOT_FOUND');
  if (newId === undefined) return refused(201);
  club.slots.push({ id: newId, venueId, ...body });
  return ok(201);
}

export function stepChangeSlot(club: Club, id: string, body: { weekday?: number; start?: string; end?: string }): Outcome {
  if (Object.keys(body).length === 0) return refused(400);
  if (body.weekday !== undefined && !(Number.isInteger(body.weekday) && body.weekday >= 0 && body.weekday <= 6)) return refused(400);
  if ((body.start !== undefined && !TIME.test(body.start)) || (body.end !== undefined && !TIME.test(body.end))) return refused(400);
  const slot = club.slots.find((candidate) => candidate.id === id);
  if (!slot) return refused(404, 'SLOT_NOT_FOUND');
  const moved = { weekday: body.weekday ?? slot.weekday, start: body.start ?? slot.start, end: body.end ?? slot.end };
  if (!validSlot(moved.weekday, moved.start, moved.end)) return refused(400, 'INVALID_SLOT');
  Object.assign(slot, moved);
  return ok();
}

export function stepRemoveSlot(club: Club, id: string): Outcome {
  if (!club.slots.some((slot) => slot.id === id)) return refused(404, 'SLOT_NOT_FOUND');
  club.slots = club.slots.filter((slot) => slot.id !== id);
  return ok();
}

// ---- people ----

const hasLevel = (club: Club, levelId: string | null | undefined): boolean => levelId === null || levelId === undefined || club.levels.some((level) => level.id === levelId);

/** Spec: POST /api/players is idempotent on the client's id; an existing id answers 200 with the person as they are. */
export function stepAddPlayer(club: Club, body: { id: string; name: string; levelId?: string | null; guest?: boolean }, at: string): Outcome {
  if (!validName(body.name)) return refused(400);
  if (!hasLevel(club, body.levelId)) return refused(400);
  if (club.players.has(body.id)) return ok(200);
  club.players.set(body.id, { id: body.id, name: body.name.trim(), levelId: body.levelId ?? null, guest: body.guest ?? false, archived: false, createdAt: at });
  return ok(201);
}

export function stepChangePlayer(club: Club, id: string, body: { name?: string; levelId?: string | null; guest?: boolean; archived?: boolean }): Outcome {
  if (Object.keys(body).length === 0 || (body.name !== undefined && !validName(body.name))) return refused(400);
  if (!hasLevel(club, body.levelId)) return refused(400);
  const player = club.players.get(id);
  if (!player) return refused(404);
  if (body.name !== undefined) player.name = body.name.trim();
  if (body.levelId !== undefined) player.levelId = body.levelId;
  if (body.guest !== undefined) player.guest = body.guest;
  if (body.archived !== undefined) player.archived = body.archived;
  return ok();
}

/** Spec: DELETE /api/players/:id is 409 when the person is in a session or a round. */
export function stepDeletePlayer(club: Club, id: string): Outcome {
  if (!club.players.has(id)) return refused(404);
  const inNight = [...club.nights.values()].some(
    (night) => night.people.some((person) => person.playerId === id) || night.rounds.some((round) => onCourt(round.lineUp).includes(id)),
  );
  if (inNight) return refused(409, 'PLAYER_IN_HISTORY');
  club.players.delete(id);
  return ok();
}

const onCourt = (lineUp: readonly Court[]): string[] => lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB]);

// ---- nights ----

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

const contentOf = (night: NightContent): NightContent => ({
  endTime: night.endTime,
  courts: night.courts,
  roundLengthSec: night.roundLengthSec,
  people: night.people,
  lineUp: night.lineUp,
  timer: night.timer,
  rounds: night.rounds,
  sittingOut: night.sittingOut,
});

/** JSON with every object's keys in order, so two copies compare by content (spec Part B's lesson). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => byText(a, b))) : inner,
  );

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

// ---- what each GET route answers ----

export function settingsAnswer(club: Club) {
  return {
    club: { ...club.settings },
    levels: club.levels.map(({ id, name, rank, isCoach }) => ({ id, name, rank, isCoach })),
    venues: venuesInOrder(club).map((venue) => ({
      ...venue,
      slots: slotsInOrder(club.slots.filter((slot) => slot.venueId === venue.id)).map(({ id, weekday, start, end }) => ({ id, weekday, start, end })),
    })),
  };
}

/** "by sort order, name" (GET /api/settings) */
const venuesInOrder = (club: Club): Venue[] => [...club.venues].sort((a, b) => a.sortOrder - b.sortOrder || byText(a.name, b.name) || byText(a.id, b.id));
const slotsInOrder = (slots: Slot[]): Slot[] => [...slots].sort((a, b) => a.weekday - b.weekday || byText(a.start, b.start) || byText(a.end, b.end) || byText(a.id, b.id));

/** Spec: only active venues, each with its name and its slots' weekday and times; no ids, no counts. */
export function scheduleAnswer(club: Club) {
  return {
    venues: venuesInOrder(club)
      .filter((venue) => venue.active)
      .map((venue) => ({ name: venue.name, slots: slotsInOrder(club.slots.filter((slot) => slot.venueId === venue.id)).map(({ weekday, start, end }) => ({ weekday, start, end })) })),
  };
}

export const playerAnswer = (player: Player): Player => ({ ...player });

/** People by name (case aside), guests never listed; archived ones only when asked for. */
export function playersAnswer(club: Club, archived: boolean) {
  const players = [...club.players.values()]
    .filter((player) => !player.guest && player.archived === archived)
    .sort((a, b) => byText(a.name.toLowerCase(), b.name.toLowerCase()) || byText(a.id, b.id));
  return { players: players.map(playerAnswer) };
}

/**
 * A night in the shape of GET /api/sessions/:id: each person under their current name with the level
 * of that night, rounds by number; the venue's current name.
 */
export function nightAnswer(club: Club, night: NightState) {
  return {
    id: night.id,
    venueId: night.venueId,
    venueName: club.venues.find((venue) => venue.id === night.venueId)?.name ?? null,
    date: night.date,
    startTime: night.startTime,
    endTime: night.endTime,
    courts: night.courts,
    roundLengthSec: night.roundLengthSec,
    status: night.status,
    version: night.version,
    people: night.people.map((person) => {
      const player = club.players.get(person.playerId);
      return {
        id: person.playerId,
        name: player?.name ?? person.name,
        levelId: person.levelId,
        levelName: person.levelName,
        levelRank: person.levelRank,
        guest: player?.guest ?? false,
      };
    }),
    lineUp: copy(night.lineUp),
    timer: copy(night.timer),
    rounds: [...night.rounds].sort((a, b) => a.number - b.number).map(copy),
    sittingOut: [...night.sittingOut],
    playerNames: playerNamesOf(club, night),
    openedAt: night.openedAt,
    updatedAt: night.updatedAt,
  };
}

/** The name People has now of each person on a filed round who is not among the night's people (archived and guests too). */
function playerNamesOf(club: Club, night: NightState): Record<string, string> {
  const names: Record<string, string> = {};
  for (const id of night.rounds.flatMap((round) => onCourt(round.lineUp))) {
    const player = club.players.get(id);
    if (player && !night.people.some((person) => person.playerId === id)) names[id] = player.name;
  }
  return names;
}

function summary(club: Club, night: NightState) {
  const { id, venueId, venueName, date, startTime, endTime, status, courts, version } = nightAnswer(club, night);
  return { id, venueId, venueName, date, startTime, endTime, status, courts, version, people: night.people.length, rounds: night.rounds.length };
}

const sortOrderOf = (club: Club, venueId: string): number => club.venues.find((venue) => venue.id === venueId)?.sortOrder ?? 0;

/** The Calendar: nights from one date to another, both included, by date, start, venue and id. */
export function nightsAnswer(club: Club, from: string, to: string) {
  const nights = [...club.nights.values()]
    .filter((night) => night.date >= from && night.date <= to)
    .sort((a, b) => byText(a.date, b.date) || byText(a.startTime, b.startTime) || sortOrderOf(club, a.venueId) - sortOrderOf(club, b.venueId) || byText(a.id, b.id));
  return { sessions: nights.map((night) => summary(club, night)) };
}

/** Today: the weekly slots of active venues on that weekday, each with its night once opened, and every night of the date. */
export function todayAnswer(club: Club, date: string) {
  const weekday = weekdayOf(date);
  const venue = (id: string): Venue => club.venues.find((candidate) => candidate.id === id)!;
  const slots = club.slots
    .filter((slot) => slot.weekday === weekday && venue(slot.venueId).active)
    .sort(
      (a, b) =>
        byText(a.start, b.start) ||
        venue(a.venueId).sortOrder - venue(b.venueId).sortOrder ||
        byText(venue(a.venueId).name, venue(b.venueId).name) ||
        byText(a.end, b.end),
    );
  return {
    date,
    weekday,
    slots: slots.map((slot) => ({
      venueId: slot.venueId,
      venueName: venue(slot.venueId).name,
      start: slot.start,
      end: slot.end,
      sessionId: [...club.nights.values()].find((night) => night.venueId === slot.venueId && night.date === date && night.startTime === slot.start)?.id ?? null,
    })),
    sessions: nightsAnswer(club, date, date).sessions,
  };
}

/** GET /api/sessions/:id/versions without the recording times (the log's clock) and the phrases. */
export function versionsAnswer(night: Night) {
  return {
    id: night.id,
    version: night.version,
    versions: [...night.versions].reverse().map(({ version, kind, restoredFrom }) => ({ version, kind, restoredFrom })),
  };
}

/**
 * What a version's "what changed" phrases must say at least, from the two nights: the status, people
 * added or removed (by name, up to four), rounds filed or taken off, the courts; a save that changed
 * nothing says so. The exact wording of everything else (timer, line-up, levels) is left to the product.
 */
export function changeRules(before: NightState | null, after: NightState): Array<{ says: string; holds: (changes: readonly string[]) => boolean }> {
  const phrase = (pattern: RegExp) => (changes: readonly string[]) => changes.some((change) => pattern.test(change));
  const quoted = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (before === null) {
    return [{ says: `one phrase naming ${after.startTime} and ${after.endTime}`, holds: (changes) => changes.length === 1 && changes[0]!.includes(after.startTime) && changes[0]!.includes(after.endTime) }];
  }
  const rules: Array<{ says: string; holds: (changes: readonly string[]) => boolean }> = [];
  if (before.status !== after.status) {
    const said = after.status === 'closed' ? 'Night closed' : 'Night reopened';
    rules.push({ says: said, holds: (changes) => changes.includes(said) });
  }
  const had = new Set(before.people.map((person) => person.playerId));
  const has = new Set(after.people.map((person) => person.playerId));
  const added = after.people.filter((person) => !had.has(person.playerId)).map((person) => person.name);
  const removed = before.people.filter((person) => !has.has(person.playerId)).map((person) => person.name);
  for (const [word, names] of [['Added', added], ['Removed', removed]] as const) {
    if (names.length === 0) continue;
    const named = names.length <= 4 ? names : [];
    rules.push({ says: `${word} ${named.join(', ')}`, holds: (changes) => changes.some((change) => change.startsWith(`${word} `) && named.every((name) => change.includes(name))) });
  }
  const filedBefore = new Set(before.rounds.map((round) => round.number));
  const filedAfter = new Set(after.rounds.map((round) => round.number));
  for (const number of [...filedAfter].filter((n) => !filedBefore.has(n))) rules.push({ says: `Round ${number} finished`, holds: phrase(new RegExp(`^Round ${number} finished$`)) });
  if ([...filedBefore].some((n) => !filedAfter.has(n))) rules.push({ says: 'rounds taken off', holds: phrase(/taken off/) });
  if (before.courts !== after.courts) rules.push({ says: `${after.courts} court(s)`, holds: phrase(new RegExp(`^${after.courts} courts? \\(was ${before.courts}\\)`)) });
  if (before.endTime !== after.endTime) rules.push({ says: `ends at ${after.endTime}`, holds: phrase(new RegExp(quoted(after.endTime))) });
  if (canonical(contentOf(before)) === canonical(contentOf(after)) && before.status === after.status) {
    rules.push({ says: 'No change', holds: (changes) => changes.length === 1 && changes[0] === 'No change' });
  }
  return rules;
}
