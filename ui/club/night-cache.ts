// The club's people and levels as the night screen draws them, kept in the login's replica
// (IndexedDB, copies.ts) so a night can be run with no signal.
import { isRecord } from '../shared/api.ts';
import { type Load, useLoad } from '../shared/use-load.ts';
import { clubApi } from './api.ts';
import { clubCopies } from './copies.ts';
import type { Level } from './night.ts';

export type Player = { readonly id: string; readonly name: string; readonly levelId: string | null; readonly guest: boolean; readonly archived: boolean };
const isPlayers = (value: unknown): value is { players: Player[] } => isRecord(value) && Array.isArray(value['players']);
const isSettings = (value: unknown): value is { levels: Level[] } => isRecord(value) && Array.isArray(value['levels']);

// the night draws what it has: no list yet is an empty one, never an error over the courts
const loadedValue = <T,>(load: Load<T>): T | null => (load.state.kind === 'ok' ? load.state.value : null);

/** The club's People (null until first loaded) and its levels (none until then), the last copy first. */
export function useNightCache(): { readonly players: readonly Player[] | null; readonly levels: readonly Level[] } {
  const players = loadedValue(useLoad('players', () => clubApi.get('/api/players', { accept: isPlayers }).then((answer) => answer.players), { copies: clubCopies, keep: 'players' }));
  const levels = loadedValue(useLoad('levels', () => clubApi.get('/api/settings', { accept: isSettings }).then((answer) => answer.levels), { copies: clubCopies, keep: 'levels' })) ?? [];
  return { players, levels };
}
