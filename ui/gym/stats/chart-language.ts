// uPlot formats its axis numbers with `new Intl.NumberFormat(navigator.language)`, built once when
// its module is evaluated; a tag Intl refuses (Linux's "en-US@posix", an empty one) throws there, so
// the module never loads and no option passed later can help. Its import alone is therefore made
// while navigator.language reads as a tag Intl accepts; the page goes on reading the browser's own.

/** The language to give Intl for `reported`: itself when Intl accepts it, else it cleaned, else `fallback`. */
export function usableLanguage(reported: string, fallback: string): string {
  // "en_US.UTF-8@posix" is a POSIX locale name: the tag is the part before the dot or @, with a hyphen
  const cleaned = reported.split(/[.@]/)[0]!.replaceAll('_', '-');
  for (const candidate of [reported, cleaned]) {
    try {
      if (candidate && Intl.getCanonicalLocales(candidate).length === 1) return candidate;
    } catch {
      // not a well-formed tag: the next candidate
    }
  }
  return fallback;
}

/** Runs `load` (an import) while navigator.language is a tag Intl accepts, and puts the browser's back. */
export async function withUsableLanguage<T>(load: () => Promise<T>): Promise<T> {
  const reported = navigator.language;
  // the runtime's own default locale is always one Intl accepts
  const usable = usableLanguage(reported ?? '', new Intl.NumberFormat().resolvedOptions().locale);
  if (usable === reported) return load();
  const own = Object.getOwnPropertyDescriptor(navigator, 'language');
  Object.defineProperty(navigator, 'language', { value: usable, configurable: true });
  try {
    return await load();
  } finally {
    if (own) Object.defineProperty(navigator, 'language', own);
    else Reflect.deleteProperty(navigator, 'language');
  }
}
