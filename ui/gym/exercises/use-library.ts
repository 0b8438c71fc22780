// The exercise library and its matcher, loaded when first needed: the JSON stays out of the first
// screen's JavaScript.
import { useEffect, useState } from 'preact/hooks';
import { type Exercise, gymApi } from '../gym-api.ts';

export type Matcher = typeof import('./exercise-match.ts');

let loading: Promise<Matcher> | null = null;

/** The matcher, loaded once for the page (a failed load is tried again next time). */
export function loadLibrary(): Promise<Matcher> {
  loading ??= import('./exercise-match.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The matcher once loaded; null until then (and if it could not load: no suggestions, nothing else lost). */
export function useLibrary(): Matcher | null {
  const [matcher, setMatcher] = useState<Matcher | null>(null);
  useEffect(() => {
    let gone = false;
    loadLibrary().then(
      (loaded) => {
        if (!gone) setMatcher(loaded);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, []);
  return matcher;
}

/**
 * The user's exercise of this name, made if there is none (the API answers the existing one), linked
 * to the library entry of exactly that name or alias when it is new. Every way an exercise comes to
 * be (a template, a plan, a workout, a screenshot) goes through here.
 */
export async function exerciseNamed(name: string, libraryId?: string | null): Promise<Exercise> {
  const linked = libraryId !== undefined ? libraryId : ((await loadLibrary().catch(() => null))?.exactEntry(name)?.id ?? null);
  return gymApi.createExercise({ name, libraryId: linked });
}
