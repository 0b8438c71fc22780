import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

/**
 * A port free a moment ago, for a server another process starts on it (`holdPort` when this one
 * does). Chosen below Linux's range of ephemeral ports, which outgoing connections take: a port the
 * system chose would be in it, and could become one before the server listens (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  const ephemeralFrom = await firstEphemeralPort();
  if (ephemeralFrom !== null && ephemeralFrom > UNPRIVILEGED_FROM + 1000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = UNPRIVILEGED_FROM + randomInt(ephemeralFrom - UNPRIVILEGED_FROM);
      if (await canListen(port)) return port;
    }
  }
  const held = await holdPort();
  await held.release();
  return held.port;
}

/** Below it, ports are registered services' (1024–9999 holds most of those a developer runs). */
const UNPRIVILEGED_FROM = 10_000;

async function firstEphemeralPort(): Promise<number | null> {
  try {
    const from = Number((await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')).trim().split(/\s+/)[0]);
    return Number.isInteger(from) ? from : null;
  } catch {
    return null;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A free port kept bound until `release`: chosen long before a server listens on it (its origin goes
 * into configuration first), a bare free port can meanwhile become an outgoing connection's
 * ephemeral port, and the listen fails with EADDRINUSE.
 */
export function holdPort(): Promise<{ readonly port: number; release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const holder = createServer();
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', () => {
      const address = holder.address();
      if (typeof address !== 'object' || !address) return reject(new Error('no port'));
      resolve({ port: address.port, release: () => new Promise((done) => holder.close(() => done())) });
    });
  });
}
