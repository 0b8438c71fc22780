// The shapes a club night is answered in; command and query routes share them.
import { z } from 'zod';

const team = z.tuple([z.string(), z.string()]);
const courtEntry = z.object({ court: z.number(), teamA: team, teamB: team });
export type CourtEntry = z.infer<typeof courtEntry>;
const timer = z.object({
  roundNumber: z.number(),
  durationSec: z.number(),
  startedAt: z.string().nullable(),
  roundStartedAt: z.string().nullable(),
  pausedRemainingSec: z.number().nullable(),
});

export const nightPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the level of that night, copied when it was saved */
  levelId: z.string().nullable(),
  levelName: z.string().nullable(),
  levelRank: z.number().nullable(),
  guest: z.boolean(),
});
export const roundSchema = z.object({
  number: z.number(),
  startedAt: z.string(),
  endedAt: z.string(),
  lineUp: z.array(courtEntry),
  names: z.record(z.string(), z.string()).optional().describe("each player's name as the phone filed it with the round; absent in rounds filed by older builds"),
  sittingOut: z.array(z.string()).optional().describe('who was here and not on its courts when it was filed; absent: nobody, or filed by an older build'),
});

/** A night as GET /api/sessions/:id answers it; its people, line-up, timer and rounds are what PUT takes back. */
export const nightDocumentSchema = z.object({
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
export type NightDocument = z.infer<typeof nightDocumentSchema>;

/** A night in the Calendar and on Today: its head, and how many came and how many rounds were played. */
export const nightSummarySchema = nightDocumentSchema
  .pick({ id: true, venueId: true, venueName: true, date: true, startTime: true, endTime: true, status: true, courts: true, version: true })
  .extend({ people: z.number(), rounds: z.number() });
export type NightSummary = z.infer<typeof nightSummarySchema>;
