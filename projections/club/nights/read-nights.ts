import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { Night } from '../../../domain/club/night.ts';
import { notFound } from '../../../infra/http/errors.ts';
import { inOneSnapshot } from '../../../infra/postgres/snapshot.ts';
import { type CourtEntry, nightPersonSchema, roundSchema, type NightDocument, nightDocumentSchema, type NightSummary, nightSummarySchema } from './night-views.ts';

const roundRow = roundSchema.omit({ names: true, sittingOut: true }).extend({ names: z.record(z.string(), z.string()).nullable(), sittingOut: z.array(z.string()).nullable() });

// the columns of a night's head, named as the API names them
const nightHead = sql.fragment`
  s.id, s.venue_id AS "venueId", v.name AS "venueName", s.date, s.start_time AS "startTime", s.end_time AS "endTime",
  s.status, s.courts, s.version`;

export function findNight(pool: DatabasePool, id: string): Promise<NightDocument | null> {
  // the head, the people and the rounds as of one commit
  return inOneSnapshot(pool, (db) => nightIn(db, id));
}

async function nightIn(pool: CommonQueryMethods, id: string): Promise<NightDocument | null> {
  const night = await pool.maybeOne(sql.type(nightDocumentSchema.omit({ people: true, rounds: true, playerNames: true }))`
    SELECT ${nightHead}, s.round_length_sec AS "roundLengthSec", s.line_up AS "lineUp", s.timer, s.sitting_out AS "sittingOut", s.opened_at AS "openedAt", s.updated_at AS "updatedAt"
    FROM club.sessions s LEFT JOIN club.venues v ON v.id = s.venue_id
    WHERE s.id = ${id}`);
  if (!night) return null;
  // the name is the person's current one; the level is the night's copy
  const people = await pool.any(sql.type(nightPersonSchema)`
    SELECT sp.player_id AS id, coalesce(p.name, sp.name) AS name, sp.level_id AS "levelId", sp.level_name AS "levelName",
      sp.level_rank AS "levelRank", coalesce(p.guest, false) AS guest
    FROM club.session_players sp LEFT JOIN club.players p ON p.id = sp.player_id
    WHERE sp.session_id = ${id} ORDER BY sp.position`);
  const rows = await pool.any(sql.type(roundRow)`
    SELECT number, started_at AS "startedAt", ended_at AS "endedAt", line_up AS "lineUp", names, sitting_out AS "sittingOut"
    FROM club.rounds WHERE session_id = ${id} ORDER BY number`);
  const rounds = rows.map(({ names, sittingOut, ...round }) => ({ ...round, ...(names === null ? {} : { names }), ...(sittingOut === null ? {} : { sittingOut }) }));
  return { ...night, people: [...people], rounds, playerNames: await playerNamesOf(pool, rounds, people.map((person) => person.id)) };
}

/** People's current name of each person on a filed round who is not among the night's people. */
async function playerNamesOf(pool: CommonQueryMethods, rounds: ReadonlyArray<{ readonly lineUp: readonly CourtEntry[] }>, present: readonly string[]): Promise<Record<string, string>> {
  const here = new Set(present);
  const others = [...new Set(rounds.flatMap((round) => round.lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB])))].filter((id) => !here.has(id));
  if (others.length === 0) return {};
  const known = await pool.any(sql.type(z.object({ id: z.string(), name: z.string() }))`SELECT id, name FROM club.players WHERE id = ANY(${sql.array(others, 'text')})`);
  return Object.fromEntries(known.map((player) => [player.id, player.name]));
}

export async function readNight(pool: DatabasePool, id: string): Promise<NightDocument> {
  const night = await findNight(pool, id);
  if (!night) throw notFound('No such night');
  return night;
}

/**
 * A night as folded from its stream (one of its versions), in the shape GET /api/sessions/:id
 * answers, named the same way: the venue's and each person's current name, the level of that night.
 */
export async function nightDocument(pool: DatabasePool, id: string, night: Night): Promise<NightDocument> {
  const venueName = await pool.maybeOneFirst(sql.type(z.object({ name: z.string() }))`SELECT name FROM club.venues WHERE id = ${night.venueId}`);
  const ids = night.people.map((person) => person.playerId);
  const players = ids.length === 0 ? [] : await pool.any(sql.type(z.object({ id: z.string(), name: z.string(), guest: z.boolean() }))`
    SELECT id, name, guest FROM club.players WHERE id = ANY(${sql.array(ids, 'text')})`);
  const known = new Map(players.map((player) => [player.id, player]));
  const rounds = [...night.rounds]
    .sort((a, b) => a.number - b.number)
    .map(({ names, sittingOut, ...round }) => ({
      ...round,
      lineUp: round.lineUp.map((entry): CourtEntry => ({ court: entry.court, teamA: [entry.teamA[0], entry.teamA[1]], teamB: [entry.teamB[0], entry.teamB[1]] })),
      ...(names === undefined ? {} : { names: { ...names } }),
      ...(sittingOut === undefined ? {} : { sittingOut: [...sittingOut] }),
    }));
  return {
    id,
    venueId: night.venueId,
    venueName,
    date: night.date,
    startTime: night.startTime,
    endTime: night.endTime,
    courts: night.courts,
    roundLengthSec: night.roundLengthSec,
    status: night.status,
    version: night.version,
    people: night.people.map((person) => ({
      id: person.playerId,
      name: known.get(person.playerId)?.name ?? person.name,
      levelId: person.levelId,
      levelName: person.levelName,
      levelRank: person.levelRank,
      guest: known.get(person.playerId)?.guest ?? false,
    })),
    lineUp: night.lineUp.map((entry) => ({ court: entry.court, teamA: [...entry.teamA], teamB: [...entry.teamB] })),
    timer: night.timer,
    // by number, as the read table answers the night: the phone's order is not kept
    rounds,
    sittingOut: [...night.sittingOut],
    playerNames: await playerNamesOf(pool, rounds, ids),
    openedAt: night.openedAt,
    updatedAt: night.updatedAt,
  };
}

/** The nights from one date to another, both included, in the Calendar's order. */
export async function nightSummaries(pool: DatabasePool, from: string, to: string): Promise<NightSummary[]> {
  const rows = await pool.any(sql.type(nightSummarySchema)`
    SELECT ${nightHead},
      (SELECT count(*)::int FROM club.session_players sp WHERE sp.session_id = s.id) AS people,
      (SELECT count(*)::int FROM club.rounds r WHERE r.session_id = s.id) AS rounds
    FROM club.sessions s LEFT JOIN club.venues v ON v.id = s.venue_id
    WHERE s.date BETWEEN ${from} AND ${to}
    ORDER BY s.date, s.start_time, v.sort_order, s.id`);
  return [...rows];
}
