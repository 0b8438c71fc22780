import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import t from 'tap';
import { freePort } from './free-port.ts';

t.test("a port for another process's server: free, and below the ephemeral ports outgoing connections take", async (t) => {
  const ephemeralFrom = Number((await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')).trim().split(/\s+/)[0]);
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) t.ok(port >= 10_000 && port < ephemeralFrom, `${port} in 10000–${ephemeralFrom - 1}`);
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(ports[0], '127.0.0.1', () => resolve());
  });
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  t.pass('a server listens on it');
});
