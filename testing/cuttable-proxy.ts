// Test support: a database that goes away and comes back, for one test's clients only. The run's
// PostgreSQL is shared by every test file, so instead of stopping it a test reaches it through this
// TCP proxy and cuts that.
import net from 'node:net';

export type CuttableProxy = {
  /** `url` with its host and port replaced by the proxy's */
  readonly url: string;
  /** every connection through it is dropped, and new ones are refused, as by a server that stopped */
  cut(): Promise<void>;
  /** connections are accepted again, on the same port */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/**
 * `url` reached at 127.0.0.1 on `port`: a proxy in front of the database. The run's PostgreSQL is
 * reached through a Unix socket (a folder named by the `host` parameter), and listens on TCP too.
 */
export function viaTcpPort(url: string, port: number): string {
  const via = new URL(url);
  via.hostname = '127.0.0.1';
  via.port = String(port);
  via.searchParams.delete('host');
  return via.toString();
}

export async function cuttableProxy(url: string): Promise<CuttableProxy> {
  const target = new URL(url);
  const targetPort = Number(target.port || 5432);
  const targetHost = target.searchParams.has('host') ? '127.0.0.1' : target.hostname;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const serve = (client: net.Socket): void => {
    const upstream = net.connect(targetPort, targetHost);
    track(client);
    track(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  };
  const listen = (port: number): Promise<net.Server> =>
    new Promise((resolve, reject) => {
      const server = net.createServer(serve);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(server));
    });

  let server: net.Server | null = await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const cut = async (): Promise<void> => {
    const closing = server;
    server = null;
    if (!closing) return;
    const closed = new Promise((resolve) => closing.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    url: viaTcpPort(url, port),
    cut,
    async restore() {
      server ??= await listen(port);
    },
    close: cut,
  };
}
