// The shapes a workout and its sets are answered in; command and query routes share them.
import { z } from 'zod';
import { enteredUnitSchema, setKindSchema } from '../../../domain/gym/workout.ts';

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
