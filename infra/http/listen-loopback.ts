// Test support: a stand-in server on a free loopback port, closed with the test.
import type { Server } from 'node:net';

/** what a stand-in needs of a test: tap's `t`, or a benchmark's own list of closers */
export type Teardown = { teardown(fn: () => Promise<void> | void): void };

type ClosableServer = Server & { closeAllConnections?: () => void };

/** Listens on 127.0.0.1 and a free port, closes (keep-alive connections too) at teardown; the port. */
export async function listenForTest(t: Teardown, server: ClosableServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the stand-in has no port');
  return address.port;
}
