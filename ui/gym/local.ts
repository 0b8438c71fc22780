// The last copy of what the server said, kept in this browser: a screen opens from it at once (and
// with no network) and is refreshed when the server answers.
const PREFIX = 'gym:';

// storage can be refused (private modes, quotas): the app then works online, without copies
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, text: string): void {
  try {
    localStorage.setItem(key, text);
  } catch {
    // nothing kept
  }
}

export function kept<T>(key: string): T | null {
  const text = read(PREFIX + key);
  try {
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

export function keep(key: string, value: unknown): void {
  write(PREFIX + key, JSON.stringify(value));
}

// outside the `gym:` copies, which a 401 forgets: the owner must outlive them to be compared
const OWNER_KEY = 'gym-outbox-owner';
/** The account whose sets this phone's outbox holds. */
export const outboxOwner = (): string | null => read(OWNER_KEY);
export const setOutboxOwner = (id: string): void => write(OWNER_KEY, id);

/** Signing out forgets every copy: the next person on this phone sees nothing of this account. */
export function forgetAll(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}
