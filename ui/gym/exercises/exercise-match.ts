// Matching a typed exercise name to the bundled exercise library (exercise-library.json), in the
// client: the server stores only the chosen entry's id (the exercise's libraryId). Fuzzy, so that
// "bench", "ohp", "pullup" or a typo such as "romainan deadlift" still finds the entry.
import libraryJson from './exercise-library.json' with { type: 'json' };
import { compareNames } from '../../../domain/shared/names.ts';

export type LibraryEntry = { readonly id: string; readonly name: string; readonly aliases: readonly string[]; readonly muscle: string; readonly equipment: string };
export const LIBRARY: readonly LibraryEntry[] = libraryJson;

/** Lower case, letters and digits only, words separated by one space: "Pull-Up " → "pull up". */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Edits (insert, delete, substitute) between two short strings. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** How well a typed query fits one name: 0 not at all, up to 100 for the same words. */
export function nameScore(query: string, name: string): number {
  const q = normalise(query);
  const n = normalise(name);
  if (!q || !n) return 0;
  if (q === n) return 100;
  if (q.replace(/ /g, '') === n.replace(/ /g, '')) return 95; // "pullup" / "pull up"
  if (n.startsWith(q)) return 80 - Math.min(20, n.length - q.length) / 2;
  const words = n.split(' ');
  const typed = q.split(' ');
  // every typed word starts a word of the name, in any order: "press bench", "rom dead"
  if (typed.every((word) => words.some((each) => each.startsWith(word)))) return 60 - Math.min(20, n.length - q.length) / 2;
  // a typo: every typed word is close to some word of the name (one edit per four letters)
  const close = (word: string) => words.some((each) => editDistance(word, each.slice(0, Math.max(word.length, each.length))) <= Math.floor(word.length / 4));
  if (typed.every((word) => word.length >= 3 && close(word))) return 40;
  return 0;
}

export type Suggestion = { readonly entry: LibraryEntry; readonly score: number; /** the alias that matched, when not the name */ readonly via: string | null };

/** The library entries that fit the typed name best, best first (ties: the shorter name). */
export function suggest(query: string, library: readonly LibraryEntry[] = LIBRARY, limit = 5): Suggestion[] {
  const found: Suggestion[] = [];
  for (const entry of library) {
    let best: Suggestion = { entry, score: nameScore(query, entry.name), via: null };
    for (const alias of entry.aliases) {
      // an alias counts a little less than the name, so "Bench Press" beats an entry aliased "Bench Press"
      const score = nameScore(query, alias) - 1;
      if (score > best.score) best = { entry, score, via: alias };
    }
    if (best.score > 0) found.push(best);
  }
  return found.sort((a, b) => b.score - a.score || a.entry.name.length - b.entry.name.length || compareNames(a.entry.name, b.entry.name)).slice(0, limit);
}

/** The one entry a name stands for without asking: an exact name or alias; null when unsure. */
export function exactEntry(name: string, library: readonly LibraryEntry[] = LIBRARY): LibraryEntry | null {
  const [first] = suggest(name, library, 1);
  return first && first.score >= 94 ? first.entry : null;
}

export function libraryEntry(id: string | null | undefined, library: readonly LibraryEntry[] = LIBRARY): LibraryEntry | null {
  return id ? (library.find((entry) => entry.id === id) ?? null) : null;
}
