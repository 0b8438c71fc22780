// A person of the club. The id is made by the client (a cuid) so a phone with no signal can add
// someone; the id names the stream, so creating the same person twice is a stream rule.
import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import { assertNever, DomainError, type DomainEvent } from '../shared/events.ts';
import { textSchema } from '../shared/text.ts';

export const PLAYER_STREAM_PREFIX = 'club.player-';
export const playerStream = (id: string): string => `${PLAYER_STREAM_PREFIX}${id}`;

/** cuid and cuid2 both: a lowercase letter, then lowercase letters and digits */
export const clientIdSchema = z.string().regex(/^[a-z][a-z0-9]{7,31}$/, 'a cuid: a lowercase letter, then 7 to 31 lowercase letters or digits');
export const playerNameSchema = textSchema.trim().min(1).max(100);

const playerCreated = z.object({ name: z.string(), levelId: z.string().nullable(), guest: z.boolean(), createdAt: z.iso.datetime() });
const playerChanged = z.object({
  name: z.string().optional(),
  levelId: z.string().nullable().optional(),
  guest: z.boolean().optional(),
  archived: z.boolean().optional(),
});
const playerDeleted = z.object({ at: z.iso.datetime() });

export type PlayerEvent =
  | DomainEvent<'player-created', z.infer<typeof playerCreated>>
  | DomainEvent<'player-changed', z.infer<typeof playerChanged>>
  | DomainEvent<'player-deleted', z.infer<typeof playerDeleted>>;

export type Player = {
  readonly name: string;
  readonly levelId: string | null;
  readonly guest: boolean;
  readonly archived: boolean;
  readonly createdAt: string;
};

/** null: never created, or deleted (a deleted id may be created again) */
export type PlayerState = Player | null;

function evolve(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event.type) {
    case 'player-created': {
      const { name, levelId, guest, createdAt } = event.data;
      return { name, levelId, guest, archived: false, createdAt };
    }
    case 'player-changed': {
      if (state === null) return state;
      const { name, levelId, guest, archived } = event.data;
      return {
        ...state,
        ...(name !== undefined ? { name } : {}),
        ...(levelId !== undefined ? { levelId } : {}),
        ...(guest !== undefined ? { guest } : {}),
        ...(archived !== undefined ? { archived } : {}),
      };
    }
    case 'player-deleted':
      return null;
    default:
      return assertNever(event);
  }
}

export function parsePlayerEvent(type: string, data: unknown, schemaVersion: number): PlayerEvent {
  if (schemaVersion !== 1) throw new Error(`unknown player event ${type} v${schemaVersion}`);
  switch (type) {
    case 'player-created':
      return { type, data: playerCreated.parse(data) };
    case 'player-changed':
      return { type, data: playerChanged.parse(data) };
    case 'player-deleted':
      return { type, data: playerDeleted.parse(data) };
    default:
      throw new Error(`unknown player event ${type} v${schemaVersion}`);
  }
}

export const playerAggregate: Aggregate<PlayerState, PlayerEvent> = {
  initialState: null,
  evolve,
  parse: parsePlayerEvent,
  schemaVersion: 1,
};

export type PlayerCommand =
  | {
      readonly type: 'create-player';
      readonly name: string;
      readonly levelId: string | null;
      readonly guest: boolean;
      readonly at: string;
    }
  | {
      readonly type: 'change-player';
      readonly name?: string | undefined;
      readonly levelId?: string | null | undefined;
      readonly guest?: boolean | undefined;
      readonly archived?: boolean | undefined;
    }
  | { readonly type: 'delete-player'; readonly at: string };

export function decidePlayer(command: PlayerCommand, state: PlayerState): PlayerEvent[] {
  switch (command.type) {
    case 'create-player':
      // the same id again is the same person: a retry, another phone's snapshot, a race. Never renamed from here.
      if (state !== null) return [];
      return [{ type: 'player-created', data: { name: command.name, levelId: command.levelId, guest: command.guest, createdAt: command.at } }];
    case 'change-player': {
      if (state === null) throw new DomainError('PLAYER_NOT_FOUND', 'no such person');
      const changes = {
        ...(command.name !== undefined && command.name !== state.name ? { name: command.name } : {}),
        ...(command.levelId !== undefined && command.levelId !== state.levelId ? { levelId: command.levelId } : {}),
        ...(command.guest !== undefined && command.guest !== state.guest ? { guest: command.guest } : {}),
        ...(command.archived !== undefined && command.archived !== state.archived ? { archived: command.archived } : {}),
      };
      return Object.keys(changes).length === 0 ? [] : [{ type: 'player-changed', data: changes }];
    }
    case 'delete-player':
      if (state === null) throw new DomainError('PLAYER_NOT_FOUND', 'no such person');
      return [{ type: 'player-deleted', data: { at: command.at } }];
    default:
      return assertNever(command);
  }
}

export const playerDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  levelId: z.string().nullable(),
  guest: z.boolean(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type PlayerDocument = z.infer<typeof playerDocumentSchema>;
