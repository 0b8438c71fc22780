// What the club's unit tests of a night share: two levels, an open night with nobody yet, and the
// moments of the evening it is played on.
import { type Night, personWithLevel } from './night.ts';

export const LEVELS = [
  { id: 'strong', name: 'Strong', rank: 0, isCoach: false },
  { id: 'middle', name: 'Middle', rank: 1, isCoach: false },
];

/** Hall, 2026-11-26 19:00–21:30, two courts, ten-minute rounds, at version 4, with `changes` over it. */
export function emptyNight(changes: Partial<Night> = {}): Night {
  return {
    id: 'night1',
    venueId: 'hall',
    venueName: 'Hall',
    date: '2026-11-26',
    startTime: '19:00',
    endTime: '21:30',
    courts: 2,
    roundLengthSec: 600,
    status: 'open',
    version: 4,
    people: [],
    lineUp: [],
    timer: null,
    rounds: [],
    sittingOut: [],
    ...changes,
  };
}

/** `second` seconds after the night's 19:00 start. */
export const at = (second: number): string => new Date(Date.UTC(2026, 10, 26, 19, 0, second)).toISOString();

/** Person `index` of the club (P0, P1, …), Strong on even places and Middle on odd ones unless told. */
export const person = (index: number, levelId: string | null = index % 2 === 0 ? 'strong' : 'middle') =>
  personWithLevel({ id: `cp${index}x`, name: `P${index}`, levelId, guest: false }, LEVELS);
