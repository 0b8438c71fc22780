// Weights are kilograms everywhere but on the user's screen; the unit setting only changes display.

/** One pound in kilograms, exactly (the international pound of 1959). */
export const KG_PER_LB = 0.45359237;

/** A plate step in the user's own unit: the smallest pair of plates of each system. */
export const PROGRESSION_STEP = { kg: 2.5, lb: 5 } as const;

/**
 * The weight after one progression step, in kilograms. A pound user's weight is stepped in pounds
 * (to a thousandth, as they are shown), so 135 lb becomes 140 lb and not 135 lb + 2.5 kg.
 */
export function nextStepKg(kg: number, unit: 'kg' | 'lb'): number {
  if (unit === 'kg') return kg + PROGRESSION_STEP.kg;
  const lb = Math.round((kg / KG_PER_LB) * 1000) / 1000;
  return (lb + PROGRESSION_STEP.lb) * KG_PER_LB;
}
