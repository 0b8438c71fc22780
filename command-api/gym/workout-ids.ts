import { createHash } from 'node:crypto';
import { importedCardioIdKey } from '../../domain/gym/import-cardio.ts';
import { importedWorkoutIdKey, uuidFromSha256, workoutIdKey } from '../../domain/gym/workout-id.ts';

/** The id of the workout of (user, plan day, date): see domain/gym/workout-id.ts. */
export function workoutIdOf(userId: string, planDayId: string | null, date: string): string {
  return nameBasedId(workoutIdKey(userId, planDayId, date));
}

/** The id of a workout imported from another tracker's export: see importedWorkoutIdKey. */
export function importedWorkoutIdOf(userId: string, name: string, start: string): string {
  return nameBasedId(importedWorkoutIdKey(userId, name, start));
}

/** The id of a cardio session imported from a row of another tracker's export: see importedCardioIdKey. */
export function importedCardioIdOf(userId: string, workoutName: string, start: string, exercise: string, order: number): string {
  return nameBasedId(importedCardioIdKey(userId, workoutName, start, exercise, order));
}

function nameBasedId(key: string): string {
  return uuidFromSha256(createHash('sha256').update(key).digest());
}
