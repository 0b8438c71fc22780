// Worker thread for `npm run bench:gym`: HTTP clients on their own event loop, so the server's loop
// in the main thread does not also pay for building requests and parsing answers.
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { z } from 'zod';

const inputSchema = z.object({
  url: z.string(),
  seconds: z.number().positive(),
  /** each client sends its requests in a loop, in order, one at a time */
  clients: z.array(
    z.object({
      cookie: z.string(),
      requests: z.array(z.object({ method: z.enum(['GET', 'POST']), path: z.string(), body: z.unknown().optional() })).min(1),
    }),
  ),
});
export type GymLoadInput = z.infer<typeof inputSchema>;

export type GymLoadResult = {
  readonly requests: number;
  readonly elapsedSeconds: number;
  readonly latencies: number[];
  /** answers by status other than 2xx, and transport errors under 'error' */
  readonly failures: Record<string, number>;
};

async function run(input: GymLoadInput): Promise<GymLoadResult> {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const started = performance.now();
  const end = started + input.seconds * 1000;
  await Promise.all(
    input.clients.map(async (client) => {
      for (let sent = 0; performance.now() < end; sent++) {
        const request = client.requests[sent % client.requests.length]!;
        const t0 = performance.now();
        try {
          const response = await fetch(`${input.url}${request.path}`, {
            method: request.method,
            headers: { cookie: client.cookie, 'x-real-ip': '10.9.9.9', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
          });
          await response.arrayBuffer();
          if (response.status < 300) latencies.push(performance.now() - t0);
          else failures[String(response.status)] = (failures[String(response.status)] ?? 0) + 1;
        } catch {
          failures.error = (failures.error ?? 0) + 1;
        }
      }
    }),
  );
  return { requests: latencies.length, elapsedSeconds: (performance.now() - started) / 1000, latencies, failures };
}

/** Runs the load in a worker thread of its own (this module), from the bench's main thread. */
export function runGymLoad(input: GymLoadInput): Promise<GymLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: input });
    worker.once('message', (message: { ok: true; result: GymLoadResult } | { ok: false; error: string }) => {
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

if (parentPort) {
  const port = parentPort;
  run(inputSchema.parse(workerData)).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
  );
}
