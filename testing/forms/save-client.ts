// Test support for the forms command API's tests (command-api/forms/*.int.test.ts): a test system
// with the forms a file writes to, and the POST and GET each test sends, from the service's own
// Origin and an address of its own. Imported only by tests.
import type { Test } from 'tap';
import { formStream } from '../../domain/forms/form.ts';
import { startTestSystem, type TestSystem } from '../harness.ts';
import { createReadAfter } from '../read-after.ts';

export const ORIGIN = 'http://localhost:3004';
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type Headers = Record<string, string>;

export const empty = (name: string) => ({ name, answers: {}, notes: {}, respondent: '', summary: '', version: 0, updatedAt: null });

/** A test system whose forms `forms` each have TEST_QUESTIONNAIRE; any other name has no questionnaire. */
export async function startFormsTest(t: Test, forms: readonly string[]) {
  const system: TestSystem = await startTestSystem(t, { PROJECTION_WAIT_MS: '2000' });
  const app = system.apps.forms;
  if (!app) throw new Error('the forms service was not built');
  for (const name of forms) await system.defineForm(name);

  // Observes the request id of every answer, to find it again in the event metadata.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-test-request-id', request.id);
  });

  // Each test writes from its own address, so that the rate limiter (shared by the app) stays out of the way.
  let lastAddress = 0;
  const newAddress = (): string => `198.51.100.${++lastAddress}`;

  const readAfter = createReadAfter();

  async function post(name: string, payload: unknown, headers: Headers = {}) {
    const response = await app!.inject({
      method: 'POST',
      url: `/api/forms/${name}`,
      headers: { origin: ORIGIN, 'x-real-ip': '192.0.2.1', ...headers },
      payload: payload as Record<string, unknown>,
    });
    readAfter.remember(response);
    return response;
  }

  function get(name: string) {
    return app!.inject({ method: 'GET', url: `/api/forms/${name}`, headers: readAfter.headers() });
  }

  async function assertNothingStored(t: Test, name: string): Promise<void> {
    const read = await get(name);
    t.equal(read.statusCode, 200);
    t.same(read.json(), empty(name), 'GET still shows an empty form');
    t.same(await system.core.store.readStream(formStream(name)), [], 'no event in the log');
  }

  return { system, app, newAddress, readAfter, post, get, assertNothingStored };
}
