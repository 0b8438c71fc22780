// The admin port: GET /metrics for Prometheus and nothing else. A bare node:http server, apart from
// the services, so the proxy that publishes them never routes here.
import http from 'node:http';
import type { Registry } from 'prom-client';

export type MetricsServer = {
  /** the port it listens on: METRICS_PORT, or the one the system chose for 0 */
  readonly port: number;
  close(): Promise<void>;
};

export async function startMetricsServer(options: { readonly registry: Registry; readonly host: string; readonly port: number }): Promise<MetricsServer> {
  const { registry } = options;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: this port answers GET /metrics only\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics could not be collected: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Prometheus keeps its connection open between scrapes
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
