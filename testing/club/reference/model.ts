// Test support: the club the read side's reference check folds in memory (testing/club/reference.ts),
// the shapes of its venues, people and nights and of the commands' answers.

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

export type NightContent = {
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
