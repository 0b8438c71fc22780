// What a set was for. No imports, so the app can say it without loading the validation library.

/**
 * A warm-up counts in no record, estimate or volume; a drop set (the weight cut and carried on) and
 * a set to failure are working sets, told apart for the lifter.
 */
export const SET_KINDS = ['normal', 'warmup', 'drop', 'failure'] as const;
export type SetKind = (typeof SET_KINDS)[number];

/** The set counts in volume, records, estimates and the day's totals: every kind but a warm-up. */
export const countsInTotals = (set: { readonly kind: SetKind }): boolean => set.kind !== 'warmup';
