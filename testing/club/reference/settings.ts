// Test support: the club reference's steps for the club's settings, levels, venues and weekly slots
// (testing/club/reference.ts).
import type { Club, Outcome } from './model.ts';
import { TIME, ok, refused, sameName, validName } from './rules.ts';

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
