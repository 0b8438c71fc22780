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
      /**
       * Each pass over `requests` moves every POST body's `kg` one step (0.5 kg, 40 steps, then round
       * again), counted on from this pass, so a tick always changes its set: a tick identical to the
       * stored set appends nothing, and a bench of those measures reads. The result's `nextPasses`
       * gives where the next slice goes on from.
       */
      firstPass: z.number().int().nonnegative().optional(),
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
  /** per client, the pass its next slice starts from (so that its first ticks change their sets too) */
  readonly nextPasses: number[];
};

const KG_STEP = 0.5;
const KG_STEPS = 40;

/** the body of a request on pass `pass`: a tick's weight moved so that it differs from the pass before */
function bodyOnPass(body: unknown, pass: number | null): unknown {
  if (pass === null || typeof body !== 'object' || body === null || !('kg' in body) || typeof body.kg !== 'number') return body;
  return { ...body, kg: body.kg + (pass % KG_STEPS) * KG_STEP };
}

async function run(input: GymLoadInput): Promise<GymLoadResult> {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const started = performance.now();
  const end = started + input.seconds * 1000;
  const nextPasses = await Promise.all(
    input.clients.map(async (client) => {
      const length = client.requests.length;
      let sent = 0;
      for (; performance.now() < end; sent++) {
        const request = client.requests[sent % length]!;
        const body = bodyOnPass(request.body, client.firstPass === undefined ? null : client.firstPass + Math.floor(sent / length));
        const t0 = performance.now();
        try {
          const response = await fetch(`${input.url}${request.path}`, {
            method: request.method,
            headers: { cookie: client.cookie, 'x-real-ip': '10.9.9.9', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          await response.arrayBuffer();
          if (response.status < 300) latencies.push(performance.now() - t0);
          else failures[String(response.status)] = (failures[String(response.status)] ?? 0) + 1;
        } catch {
          failures.error = (failures.error ?? 0) + 1;
        }
      }
      return (client.firstPass ?? 0) + Math.ceil(sent / length);
    }),
  );
  return { requests: latencies.length, elapsedSeconds: (performance.now() - started) / 1000, latencies, failures, nextPasses };
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
