// Phase 4: the forms save over HTTP and in-process, and the forms it saves.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { decideForm } from '../../../domain/forms/decide.ts';
import type { FormDefinition } from '../../../domain/forms/definition.ts';
import { formAggregate, formStream } from '../../../domain/forms/form.ts';
import { readFormDocument } from '../../../projections/forms/form-documents/read-form-document.ts';
import type { Core } from '../../system.ts';
import type { HttpLoadInput, HttpLoadResult } from '../http-load.ts';
import { HTTP_CLIENTS, HTTP_FORMS } from './settings.ts';

/** 4. the HTTP clients run in a worker thread: their own event loop, the server keeps the main one */
export function runHttpLoad(input: HttpLoadInput): Promise<HttpLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../http-load.ts', import.meta.url), { workerData: input });
    worker.once('message', (message: { ok: true; result: HttpLoadResult } | { ok: false; error: string }) => {
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the HTTP load worker exited (${code}) without a result`)));
  });
}

/**
 * 4b. the forms save in-process (the route minus HTTP), three ways: as the route runs it since issue
 * 17 (answers once the save is durable), followed by the projection wait the route had before, and
 * followed by what the wait became: a read that sends the position back (the wait, then the document)
 */
export type SaveMode = 'answers-at-once' | 'waits-for-projection' | 'then-reads-it';
export function formSave(core: Core, mode: SaveMode, prefix: string): (worker: number) => Promise<void> {
  const counts = Array.from({ length: HTTP_CLIENTS }, () => 0);
  return async (worker) => {
    const n = counts[worker]!++;
    const name = `${prefix}${(worker * 7 + n) % HTTP_FORMS}`;
    const result = await core.commands({
      stream: formStream(name),
      aggregate: formAggregate,
      decide: (state) =>
        decideForm(
          { type: 'patch-form', definition: BENCH_QUESTIONNAIRE, answers: { [`q${n % 12}`]: `answer ${worker}-${n}` }, notes: {}, now: new Date().toISOString() },
          state,
        ),
      context: { userId: null, correlationId: randomUUID() },
    });
    if (mode === 'answers-at-once' || !result.position) return;
    if (!(await core.progress.waitFor(['forms'], result.position, 5000))) throw new Error('the projector did not reach a save within 5 s');
    if (mode === 'then-reads-it') await readFormDocument(core.db.slonik, name);
  };
}

/** The questionnaire every benchmark form has: the saves answer q0..q11 (text) and m0..m4 (choices). */
const BENCH_QUESTIONNAIRE: FormDefinition = {
  title: 'Benchmark',
  questions: [
    ...Array.from({ length: 12 }, (_, i) => ({ id: `q${i}`, t: 'long' as const, q: `Question ${i}` })),
    ...Array.from({ length: 5 }, (_, i) => ({ id: `m${i}`, t: 'many' as const, q: `Choice ${i}`, o: ['a', 'b', 'c'] })),
  ],
};

/** FORMS_DIR of the HTTP phase: its forms are `http-0` … */
export async function writeBenchForms(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (let form = 0; form < HTTP_FORMS; form++) await writeFile(path.join(dir, `http-${form}.json`), JSON.stringify(BENCH_QUESTIONNAIRE));
  return dir;
}
