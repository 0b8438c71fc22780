// The last copy of what the server said, kept in this browser: a screen opens from it at once (and
// with no network) and is refreshed when the server answers.
const PREFIX = 'gym:';

export function kept<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

export function keep(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // storage full or refused: the screen still works online
  }
}

/** Signing out forgets every copy: the next person on this phone sees nothing of this account. */
export function forgetAll(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}
