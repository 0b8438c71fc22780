// The shapes the gym's training routes answer with; command and query routes share them.
import { sql, type ValueExpression } from 'slonik';
import { z } from 'zod';
import { enteredUnitSchema, setKindSchema } from '../../domain/gym/workout.ts';
import { dateSchema } from '../../domain/shared/calendar.ts';

export const exerciseSchema = z
  .object({ id: z.string(), name: z.string(), code: z.string().nullable(), machineNumber: z.string().nullable(), libraryId: z.string().nullable() })
  .meta({ id: 'Exercise' });
export type ExerciseView = z.infer<typeof exerciseSchema>;

export const setSchema = z
  .object({
    id: z.string(),
    sessionId: z.string(),
    exerciseId: z.string(),
    exerciseName: z.string().nullable(),
    setNumber: z.number(),
    kg: z.number(),
    reps: z.number(),
    /** null for sets logged before the unit was recorded */
    unit: enteredUnitSchema.nullable(),
    rpe: z.number().nullable(),
    kind: setKindSchema.meta({ description: 'normal, warmup, drop or failure; a warm-up counts in no record, estimate or volume' }),
    note: z.string().meta({ description: "the lifter's note on the set; '' for none" }),
  })
  .meta({ id: 'SetLog' });
export type SetView = z.infer<typeof setSchema>;

export const workoutSummarySchema = z
  .object({
    id: z.string(),
    date: z.string(),
    planDayId: z.string().nullable(),
    planId: z.string().nullable(),
    planName: z.string().nullable(),
    dayOrdinal: z.number().nullable(),
    dayTitle: z.string().nullable(),
    title: z.string().meta({ description: "what the lifter called the workout (an import keeps the other app's name); '' for none" }),
    notes: z.string(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    setCount: z.number(),
    exerciseNames: z.array(z.string()).meta({ description: 'the exercises it holds sets of, once each, by name as its sets are ordered' }),
    volumeKg: z.number().meta({ description: 'weight × reps over the sets that are not warm-ups' }),
  })
  .meta({ id: 'WorkoutSummary' });
export type WorkoutSummary = z.infer<typeof workoutSummarySchema>;

export const workoutSchema = workoutSummarySchema.extend({ sets: z.array(setSchema) }).meta({ id: 'Workout' });
export type WorkoutView = z.infer<typeof workoutSchema>;

export const slotViewSchema = z.object({
  id: z.string(),
  exerciseId: z.string(),
  exerciseName: z.string().nullable(),
  targetSets: z.number(),
  repMin: z.number(),
  repMax: z.number(),
  note: z.string().nullable(),
});
export const dayViewSchema = z.object({ id: z.string(), ordinal: z.number(), title: z.string().nullable(), slots: z.array(slotViewSchema) });
export const planSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    startDate: z.string(),
    active: z.boolean(),
    sourceId: z.string().nullable(),
    days: z.array(dayViewSchema),
  })
  .meta({ id: 'Plan' });
export type PlanView = z.infer<typeof planSchema>;

export const machineSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'CardioMachine' });
export const cardioLogSchema = z
  .object({
    id: z.string(),
    machineId: z.string(),
    machineName: z.string().nullable(),
    date: z.string(),
    minutes: z.number(),
    distanceKm: z.number().nullable(),
    calories: z.number().nullable(),
    level: z.number().nullable(),
  })
  .meta({ id: 'CardioLog' });
export type CardioLogView = z.infer<typeof cardioLogSchema>;
export const bodyweightSchema = z.object({ date: z.string(), kg: z.number() }).meta({ id: 'BodyWeight' });

/** An inclusive date range in the client's calendar; both ends optional. */
export const dateRangeQuery = z
  .object({ from: dateSchema.optional(), to: dateSchema.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: 'must not be after to', path: ['from'] });

/** Epley's estimate of the one-rep max. */
export const epley = (kg: number, reps: number): number => kg * (1 + reps / 30);

/**
 * weekStartOf (domain/shared/calendar.ts) in SQL: the start of the week holding `date`, for a week
 * starting on `weekStart` (0 Sunday). The weekday is the day count from a Sunday, modulo 7, in
 * integers: `extract(dow …)` is numeric, and over five years of days it cost stats 1 ms of its 5.
 */
export const weekStartSql = (date: ValueExpression, weekStart: ValueExpression) =>
  sql.fragment`(${date} - ((${date} - DATE '2000-01-02' - ${weekStart}) % 7 + 7) % 7)`;
