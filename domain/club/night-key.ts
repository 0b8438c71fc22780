import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import type { DomainEvent } from '../shared/events.ts';

export const NIGHT_KEY_STREAM_PREFIX = 'club.night-';
/** Two phones opening the same slot's night land on one night: the key names a stream. */
export const nightKeyStream = (venueId: string, date: string, startTime: string): string =>
  `${NIGHT_KEY_STREAM_PREFIX}${venueId}.${date}.${startTime}`;

// the night's id, under the name the stored events have
const nightClaimed = z.object({ sessionId: z.string() });

export type NightKeyEvent = DomainEvent<'night-claimed', z.infer<typeof nightClaimed>> | DomainEvent<'night-released', z.infer<typeof nightClaimed>>;
/** the id of the night holding the key, or null */
export type NightKeyState = string | null;

export const nightKeyAggregate: Aggregate<NightKeyState, NightKeyEvent> = {
  initialState: null,
  evolve: (state, event) => (event.type === 'night-claimed' ? event.data.sessionId : state === event.data.sessionId ? null : state),
  parse(type, data, schemaVersion) {
    if (schemaVersion !== 1 || (type !== 'night-claimed' && type !== 'night-released')) throw new Error(`unknown night key event ${type} v${schemaVersion}`);
    return { type, data: nightClaimed.parse(data) };
  },
  schemaVersion: 1,
};

/** Claims the key for `nightId` unless a night holds it already; the holder is the answer either way. */
export function claimNight(state: NightKeyState, nightId: string): NightKeyEvent[] {
  return state === null ? [{ type: 'night-claimed', data: { sessionId: nightId } }] : [];
}

export function releaseNight(state: NightKeyState, nightId: string): NightKeyEvent[] {
  return state === nightId ? [{ type: 'night-released', data: { sessionId: nightId } }] : [];
}
