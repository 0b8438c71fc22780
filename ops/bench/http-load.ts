// Worker thread for `npm run bench:store`: HTTP clients on their own event loop, so the server's
// loop in the main thread does not also pay for building requests and parsing answers.
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';

const inputSchema = z.object({
  /** base URL of the forms service, e.g. http://127.0.0.1:41234 */
  url: z.string(),
  origin: z.string(),
  clients: z.number().int().min(1),
  seconds: z.number().positive(),
  forms: z.number().int().min(1),
  /** form names are `${prefix}${index}` */
  prefix: z.string(),
  /** requests sent from one X-Real-IP value before the client moves to the next one */
  perAddress: z.number().int().min(1),
  /** first third octet of this run's addresses (10.client.octet.1): runs of one process must not share addresses */
  addressOffset: z.number().int().min(0).max(255),
});
export type HttpLoadInput = z.infer<typeof inputSchema>;

export type HttpLoadResult = {
  readonly requests: number;
  readonly elapsedSeconds: number;
  /** latency of every answered request in milliseconds, in completion order */
  readonly latencies: number[];
  /** count of answers by status other than 200, and of transport errors under 'error' */
  readonly failures: Record<string, number>;
  readonly addressesUsed: number;
};

async function run(input: HttpLoadInput): Promise<HttpLoadResult> {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let addressesUsed = 0;
  const started = performance.now();
  const end = started + input.seconds * 1000;

  async function client(index: number): Promise<void> {
    let sent = 0;
    let form = index % input.forms;
    while (performance.now() < end) {
      const octet = input.addressOffset + Math.floor(sent / input.perAddress);
      if (octet > 255) throw new Error('out of client addresses: a slice sent more than its share of requests');
      const address = `10.${index}.${octet}.1`;
      if (sent % input.perAddress === 0) addressesUsed++;
      // a few keys of one form, as an autosave of a questionnaire would send
      const body = JSON.stringify({
        answers: { [`q${sent % 12}`]: `answer ${index}-${sent}`, [`m${sent % 5}`]: ['a', 'c'] },
        notes: { [`q${sent % 12}`]: 'note' },
      });
      form = (form + 7) % input.forms;
      const t0 = performance.now();
      try {
        const response = await fetch(`${input.url}/api/forms/${input.prefix}${form}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: input.origin, 'x-real-ip': address },
          body,
        });
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - t0);
        else failures[String(response.status)] = (failures[String(response.status)] ?? 0) + 1;
      } catch {
        failures.error = (failures.error ?? 0) + 1;
      }
      sent++;
    }
  }

  await Promise.all(Array.from({ length: input.clients }, (_, index) => client(index)));
  return {
    requests: latencies.length,
    elapsedSeconds: (performance.now() - started) / 1000,
    latencies,
    failures,
    addressesUsed,
  };
}

if (parentPort) {
  const port = parentPort;
  run(inputSchema.parse(workerData)).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
  );
}
