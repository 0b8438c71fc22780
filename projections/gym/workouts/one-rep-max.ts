/** Epley's estimate of the one-rep max. */
export const epley = (kg: number, reps: number): number => kg * (1 + reps / 30);

/**
 * The best set of a workout is the one with the highest estimated one-rep max; a heavier weight
 * breaks a tie. A set of 0 reps is a failed attempt and is never the best; callers leave warm-ups out.
 */
export function bestOf<S extends { kg: number; reps: number }>(sets: readonly S[]): S | undefined {
  let best: S | undefined;
  for (const set of sets) {
    if (set.reps === 0) continue;
    if (!best) best = set;
    else {
      const [a, b] = [epley(set.kg, set.reps), epley(best.kg, best.reps)];
      if (a > b || (a === b && set.kg > best.kg)) best = set;
    }
  }
  return best;
}
