export type AddressLimiter = {
  /** counts one request; `allowed` false once the address used its allowance in this window */
  hit(address: string): { readonly allowed: boolean; readonly retryAfterMs: number };
  /** drops the windows that ended */
  sweep(): void;
  readonly size: number;
};

/**
 * A fixed window per client address, kept in memory and bounded in size: when full, expired
 * windows are swept and, failing that, the oldest window makes room (an attacker with many
 * addresses can only reset old counters, never grow the table).
 */
export function createAddressLimiter(options: {
  readonly limit: number;
  readonly windowMs: number;
  readonly maxEntries: number;
  readonly now?: () => number;
}): AddressLimiter {
  const now = options.now ?? Date.now;
  // a Map iterates in insertion order, and a window is inserted when it starts: oldest first
  const windows = new Map<string, { start: number; count: number }>();

  function sweep(): void {
    const cutoff = now() - options.windowMs;
    for (const [address, window] of windows) {
      if (window.start > cutoff) break;
      windows.delete(address);
    }
  }

  return {
    hit(address) {
      const at = now();
      let window = windows.get(address);
      if (window && at - window.start >= options.windowMs) {
        windows.delete(address);
        window = undefined;
      }
      if (!window) {
        if (windows.size >= options.maxEntries) sweep();
        if (windows.size >= options.maxEntries) windows.delete(windows.keys().next().value!);
        window = { start: at, count: 0 };
        windows.set(address, window);
      }
      window.count++;
      const allowed = window.count <= options.limit;
      return { allowed, retryAfterMs: allowed ? 0 : window.start + options.windowMs - at };
    },
    sweep,
    get size() {
      return windows.size;
    },
  };
}
