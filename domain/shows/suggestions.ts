// The suggestion prompt and how its answer is read: pure, so it is tested without a provider.

export const SUGGESTION_SYSTEM_PROMPT =
  'You recommend TV shows. Answer with JSON only: {"shows": ["Exact Show Title", ...]}, at most 10 titles, ' +
  'none of the shows the user already has.';

/**
 * Dismissed shows stay out of the prompt altogether (not even as "never suggest"); the answer is
 * filtered against them instead, so the model is never primed with them.
 */
export function suggestionPrompt(library: readonly string[]): string {
  return [`Shows the user tracks: ${library.length > 0 ? library.join('; ') : '(none yet)'}.`, 'Suggest shows this user would enjoy next.'].join('\n');
}

/** Titles from the model's answer: the JSON asked for, else one title per line; at most `limit`. */
export function parseSuggestedNames(content: string, limit = 10): string[] {
  const json = /\{[\s\S]*\}/.exec(content)?.[0];
  let names: unknown[] = [];
  if (json) {
    try {
      const parsed: unknown = JSON.parse(json);
      if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { shows?: unknown }).shows)) {
        names = (parsed as { shows: unknown[] }).shows;
      }
    } catch {
      names = [];
    }
  }
  if (names.length === 0) names = content.split('\n').map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, ''));
  const unique = new Map<string, string>();
  for (const name of names) {
    if (typeof name !== 'string') continue;
    const trimmed = name.trim().replace(/^["']|["']$/g, '').slice(0, 200);
    if (trimmed.length > 0 && !unique.has(trimmed.toLowerCase())) unique.set(trimmed.toLowerCase(), trimmed);
  }
  return [...unique.values()].slice(0, limit);
}
