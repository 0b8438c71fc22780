// The id the server gives the workout of (user, plan day, date), computed on the phone so a workout
// can be started and ticked with no signal: POST /api/sessions later answers this same id.
import { uuidFromSha256, workoutIdKey } from '../../../domain/gym/workout-id.ts';

export async function workoutIdOf(userId: string, planDayId: string | null, date: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(workoutIdKey(userId, planDayId, date)));
  return uuidFromSha256(new Uint8Array(digest));
}
