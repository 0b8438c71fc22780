// Test support: what the club reference's steps and answers share: outcomes, how names and texts
// compare, a night's content and its canonical form.
import type { Club, Court, NightContent, Outcome } from './model.ts';

export const ok = (status = 200): Outcome => ({ status });
export const refused = (status: number, code?: string): Outcome => (code === undefined ? { status } : { status, code });
/** names compare trimmed and without case: "Hall" and " hall" are one venue */
export const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();
export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
export const copy = <T>(value: T): T => structuredClone(value);
export const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const validName = (name: string): boolean => name.trim().length >= 1 && name.trim().length <= 100;

export const hasLevel = (club: Club, levelId: string | null | undefined): boolean => levelId === null || levelId === undefined || club.levels.some((level) => level.id === levelId);

export const onCourt = (lineUp: readonly Court[]): string[] => lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB]);

export const contentOf = (night: NightContent): NightContent => ({
  endTime: night.endTime,
  courts: night.courts,
  roundLengthSec: night.roundLengthSec,
  people: night.people,
  lineUp: night.lineUp,
  timer: night.timer,
  rounds: night.rounds,
  sittingOut: night.sittingOut,
});

/** JSON with every object's keys in order, so two copies compare by content (spec Part B's lesson). */
export const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => byText(a, b))) : inner,
  );
