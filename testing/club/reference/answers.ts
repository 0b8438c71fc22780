// Test support: what each GET route of the club must answer, from the club the reference folded
// (testing/club/reference.ts), and the rules a version's "what changed" phrases must meet.
import { compareNames } from '../../../domain/shared/names.ts';
import type { Club, Night, NightState, Player, Slot, Venue } from './model.ts';
import { weekdayOf } from './nights.ts';
import { byText, canonical, contentOf, copy, onCourt } from './rules.ts';

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

/** People by name in the order a person reads them (domain/shared/names.ts), guests never listed; archived ones only when asked for. */
export function playersAnswer(club: Club, archived: boolean) {
  const players = [...club.players.values()]
    .filter((player) => !player.guest && player.archived === archived)
    .sort((a, b) => compareNames(a.name, b.name) || byText(a.id, b.id));
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
