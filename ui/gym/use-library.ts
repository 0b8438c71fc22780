// The exercise library and its matcher, loaded when a screen that suggests names first needs them:
// the JSON stays out of the first screen's JavaScript.
import { useEffect, useState } from 'preact/hooks';

export type Matcher = typeof import('./exercise-match.ts');

let loading: Promise<Matcher> | null = null;

/** The matcher once loaded; null until then (and if it could not load: no suggestions, nothing else lost). */
export function useLibrary(): Matcher | null {
  const [matcher, setMatcher] = useState<Matcher | null>(null);
  useEffect(() => {
    let gone = false;
    loading ??= import('./exercise-match.ts');
    loading.then(
      (loaded) => {
        if (!gone) setMatcher(loaded);
      },
      () => {
        loading = null;
      },
    );
    return () => {
      gone = true;
    };
  }, []);
  return matcher;
}
