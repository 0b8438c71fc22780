import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { inOneSnapshot } from '../../infra/postgres/snapshot.ts';
import { z } from 'zod';
import type { Night } from '../../domain/club/session.ts';
import { dateSchema, daysBetween, weekdayOf } from '../../domain/shared/calendar.ts';
import { idTextSchema } from '../../domain/shared/text.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { badRequest, notFound } from '../../infra/http/errors.ts';

const team = z.tuple([z.string(), z.string()]);
const courtEntry = z.object({ court: z.number(), teamA: team, teamB: team });
type CourtEntry = z.infer<typeof courtEntry>;
const timer = z.object({
  roundNumber: z.number(),
  durationSec: z.number(),
  startedAt: z.string().nullable(),
  roundStartedAt: z.string().nullable(),
  pausedRemainingSec: z.number().nullable(),
});

const nightPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the level of that night, copied when it was saved */
  levelId: z.string().nullable(),
  levelName: z.string().nullable(),
  levelRank: z.number().nullable(),
  guest: z.boolean(),
});
const roundSchema = z.object({
  number: z.number(),
  startedAt: z.string(),
  endedAt: z.string(),
  lineUp: z.array(courtEntry),
  names: z.record(z.string(), z.string()).optional().describe("each player's name as the phone filed it with the round; absent in rounds filed by older builds"),
  sittingOut: z.array(z.string()).optional().describe('who was here and not on its courts when it was filed; absent: nobody, or filed by an older build'),
});
const roundRow = roundSchema.omit({ names: true, sittingOut: true }).extend({ names: z.record(z.string(), z.string()).nullable(), sittingOut: z.array(z.string()).nullable() });

/** A night as GET /api/sessions/:id answers it; its people, line-up, timer and rounds are what PUT takes back. */
export const sessionDocumentSchema = z.object({
  id: z.string(),
  venueId: z.string(),
  venueName: z.string().nullable(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  courts: z.number(),
  roundLengthSec: z.number(),
  status: z.enum(['open', 'closed']),
  version: z.number(),
  people: z.array(nightPersonSchema),
  lineUp: z.array(courtEntry),
  timer: timer.nullable(),
  rounds: z.array(roundSchema),
  sittingOut: z.array(z.string()).describe('people of the night sitting out the round in play; empty: nobody (also for nights saved before sitting out existed)'),
  playerNames: z
    .record(z.string(), z.string())
    .describe("the current name in People of each person on a filed round who is not among the night's people: for rounds filed without names"),
  openedAt: z.string(),
  updatedAt: z.string(),
});
export type SessionDocument = z.infer<typeof sessionDocumentSchema>;

/** A night in the Calendar and on Today: its head, and how many came and how many rounds were played. */
export const sessionSummarySchema = sessionDocumentSchema
  .pick({ id: true, venueId: true, venueName: true, date: true, startTime: true, endTime: true, status: true, courts: true, version: true })
  .extend({ people: z.number(), rounds: z.number() });
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

// the columns of a night's head, named as the API names them
const nightHead = sql.fragment`
  s.id, s.venue_id AS "venueId", v.name AS "venueName", s.date, s.start_time AS "startTime", s.end_time AS "endTime",
  s.status, s.courts, s.version`;

export function findSession(pool: DatabasePool, id: string): Promise<SessionDocument | null> {
  // the head, the people and the rounds as of one commit
  return inOneSnapshot(pool, (db) => sessionIn(db, id));
}

async function sessionIn(pool: CommonQueryMethods, id: string): Promise<SessionDocument | null> {
  const night = await pool.maybeOne(sql.type(sessionDocumentSchema.omit({ people: true, rounds: true, playerNames: true }))`
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

export async function readSession(pool: DatabasePool, id: string): Promise<SessionDocument> {
  const night = await findSession(pool, id);
  if (!night) throw notFound('No such night');
  return night;
}

/**
 * A night as folded from its stream (one of its versions), in the shape GET /api/sessions/:id
 * answers, named the same way: the venue's and each person's current name, the level of that night.
 */
export async function nightDocument(pool: DatabasePool, id: string, night: Night): Promise<SessionDocument> {
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

async function summaries(pool: DatabasePool, from: string, to: string): Promise<SessionSummary[]> {
  const rows = await pool.any(sql.type(sessionSummarySchema)`
    SELECT ${nightHead},
      (SELECT count(*)::int FROM club.session_players sp WHERE sp.session_id = s.id) AS people,
      (SELECT count(*)::int FROM club.rounds r WHERE r.session_id = s.id) AS rounds
    FROM club.sessions s LEFT JOIN club.venues v ON v.id = s.venue_id
    WHERE s.date BETWEEN ${from} AND ${to}
    ORDER BY s.date, s.start_time, v.sort_order, s.id`);
  return [...rows];
}

const MAX_RANGE_DAYS = 366;

const slotRow = z.object({ venue_id: z.string(), venue_name: z.string(), start_time: z.string(), end_time: z.string() });

export function clubSessionQueryRoutes(app: HttpApp, deps: { readonly pool: DatabasePool; readonly cookies: SessionCookies }): void {
  const onRequest = deps.cookies.requireUser;
  app.get(
    '/api/sessions',
    {
      schema: {
        operationId: 'listNights',
        summary: 'The Calendar: nights from one club-local date to another, both included (at most 366 days)',
        querystring: z.object({ from: dateSchema, to: dateSchema }),
        response: { 200: z.object({ sessions: z.array(sessionSummarySchema) }), 400: errorBodySchema, 401: errorBodySchema },
      },
      onRequest,
    },
    async (request) => {
      const { from, to } = request.query;
      if (to < from) throw badRequest('querystring.to', 'must not be before from');
      // both ends count: from 2026-01-01, the last day allowed is 2027-01-01 (366 days)
      if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) throw badRequest('querystring.to', `at most ${MAX_RANGE_DAYS} days including from and to`);
      return { sessions: await summaries(deps.pool, from, to) };
    },
  );
  app.get(
    '/api/sessions/:id',
    {
      schema: {
        operationId: 'getNight',
        summary: 'One night, whole: people with the level of that night, line-up, timer, finished rounds, version',
        params: z.object({ id: idTextSchema }),
        response: { 200: sessionDocumentSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
      onRequest,
    },
    async (request) => readSession(deps.pool, request.params.id),
  );
  app.get(
    '/api/today',
    {
      schema: {
        operationId: 'getToday',
        summary: "Today: the weekly slots of active venues on the client's date, each with its night once opened, and every night of that date",
        querystring: z.object({ date: dateSchema }),
        response: {
          200: z.object({
            date: z.string(),
            weekday: z.number(),
            slots: z.array(z.object({ venueId: z.string(), venueName: z.string(), start: z.string(), end: z.string(), sessionId: z.string().nullable() })),
            sessions: z.array(sessionSummarySchema),
          }),
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
      onRequest,
    },
    async (request) => {
      const { date } = request.query;
      const weekday = weekdayOf(date);
      const slots = await deps.pool.any(sql.type(slotRow)`
        SELECT v.id AS venue_id, v.name AS venue_name, s.start_time, s.end_time
        FROM club.venue_slots s JOIN club.venues v ON v.id = s.venue_id
        WHERE v.active AND s.weekday = ${weekday}
        ORDER BY s.start_time, v.sort_order, v.name, s.end_time`);
      const sessions = await summaries(deps.pool, date, date);
      return {
        date,
        weekday,
        slots: slots.map((slot) => ({
          venueId: slot.venue_id,
          venueName: slot.venue_name,
          start: slot.start_time,
          end: slot.end_time,
          sessionId: sessions.find((night) => night.venueId === slot.venue_id && night.startTime === slot.start_time)?.id ?? null,
        })),
        sessions,
      };
    },
  );
}
