import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { PlayerDocument } from '../../../domain/club/player.ts';
import { notFound } from '../../../infra/http/errors.ts';
import { NAME_ORDER } from '../../name-order.ts';

const playerRow = z.object({ id: z.string(), name: z.string(), level_id: z.string().nullable(), guest: z.boolean(), archived: z.boolean(), created_at: z.string() });
type PlayerRow = z.infer<typeof playerRow>;

const toDocument = (row: PlayerRow): PlayerDocument => ({
  id: row.id,
  name: row.name,
  levelId: row.level_id,
  guest: row.guest,
  archived: row.archived,
  createdAt: row.created_at,
});

export async function findPlayer(pool: DatabasePool, id: string): Promise<PlayerDocument | null> {
  const row = await pool.maybeOne(sql.type(playerRow)`SELECT id, name, level_id, guest, archived, created_at FROM club.players WHERE id = ${id}`);
  return row ? toDocument(row) : null;
}

export async function readPlayer(pool: DatabasePool, id: string): Promise<PlayerDocument> {
  const player = await findPlayer(pool, id);
  if (!player) throw notFound('No such person');
  return player;
}

/** Of the given ids, those the read side knows. */
export async function knownPlayerIds(pool: DatabasePool, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await pool.anyFirst(sql.type(z.object({ id: z.string() }))`SELECT id FROM club.players WHERE id = ANY(${sql.array(ids, 'text')})`);
  return new Set(rows);
}

/** Why a person may not be deleted: the nights and rounds that name them. */
export async function playerHistoryCount(pool: DatabasePool, id: string): Promise<{ sessions: number; rounds: number }> {
  return pool.one(sql.type(z.object({ sessions: z.number(), rounds: z.number() }))`
    SELECT
      (SELECT count(*)::int FROM club.session_players WHERE player_id = ${id}) AS sessions,
      (SELECT count(*)::int FROM club.rounds WHERE player_ids @> ARRAY[${id}]::text[]) AS rounds`);
}

export async function playersHoldingLevel(pool: DatabasePool, levelId: string): Promise<number> {
  return pool.oneFirst(sql.type(z.object({ count: z.number() }))`SELECT count(*)::int AS count FROM club.players WHERE level_id = ${levelId}`);
}

/** People of the club by name, the archived ones or the others; guests are never listed. */
export async function listPlayers(pool: DatabasePool, archived: boolean): Promise<PlayerDocument[]> {
  const rows = await pool.any(sql.type(playerRow)`
    SELECT id, name, level_id, guest, archived, created_at FROM club.players
    WHERE NOT guest AND archived = ${archived}
    ORDER BY name ${NAME_ORDER}, id`);
  return rows.map(toDocument);
}
