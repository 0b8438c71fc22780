/**
 * The one order of names, wherever a list is sorted by them: exercises, machines, a workout's
 * exercises and sets, stats' records, a workout as it stood at an earlier revision, on the server
 * and on the phone alike. Unicode's root collation orders them as a person reads them ("Écarté"
 * beside "Elevation", not after "Zercher"; "bench" beside "Bench"). Names it holds equal keep one
 * order by their text. PostgreSQL sorts the same with `COLLATE "und-x-icu"` (NAME_ORDER in the
 * read models), whose ties fall back to the text's bytes.
 */
const collator = new Intl.Collator('und');

/** Text by its UTF-16 code units: ids, and the tie between names the collation holds equal. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || compareText(a, b);
}

/** compareNames, a missing name (an exercise no longer there) after every name, as SQL sorts a null */
export function compareOptionalNames(a: string | null | undefined, b: string | null | undefined): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  return compareNames(a, b);
}
