// The shapes the gym's library (exercises, plans, cardio, body weight) is answered in; command and query routes share them.
import { z } from 'zod';

export const exerciseSchema = z
  .object({ id: z.string(), name: z.string(), code: z.string().nullable(), machineNumber: z.string().nullable(), libraryId: z.string().nullable() })
  .meta({ id: 'Exercise' });
export type ExerciseView = z.infer<typeof exerciseSchema>;

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
