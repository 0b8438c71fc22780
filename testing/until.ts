// Test support: waiting for a state that another process, connection or timer brings about. A
// loaded machine takes its time, so a test waits for the state it needs instead of sleeping a guess.

const EVERY_MS = 20;

/** whether `check` held within `timeoutMs`, asked every 20 ms: for a test that asserts it (`t.ok`) */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
  }
}

/**
 * The first value `probe` gives that is not null, undefined or false, asked every 20 ms. A probe
 * that throws is asked again (a server still starting refuses connections); past `timeoutMs` the
 * test fails with `what` it waited for, and the last error as its cause.
 */
export async function until<T>(what: string, probe: () => T | null | undefined | false | Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  let failure: { readonly error: unknown } | null = null;
  for (const deadline = Date.now() + timeoutMs; ; ) {
    try {
      const found = await probe();
      if (found !== null && found !== undefined && found !== false) return found;
      failure = null;
    } catch (error) {
      failure = { error };
    }
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} (${timeoutMs} ms)`, failure ? { cause: failure.error } : {});
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
  }
}
