// The page of ui/testing/harness built by Vite into a temporary folder and served by a small
// Fastify app on localhost, beside routes the test adds to play the server (slow, refusing, flaky).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Test } from 'tap';
// brings window.harness's type to the tests
export type { CallOptions, Harness, Outcome } from './harness/main.ts';

const HARNESS_DIR = path.join(import.meta.dirname, 'harness');

export type HarnessServer = { readonly origin: string; readonly app: FastifyInstance };

/** Builds the harness page and serves it at `/`; `routes` adds the test's own server before it listens. */
export async function startHarnessServer(t: Test, routes: (app: FastifyInstance) => void): Promise<HarnessServer> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'ledger-harness-'));
  t.teardown(() => rm(outDir, { recursive: true, force: true }));
  const { build } = await import('vite');
  await build({ root: HARNESS_DIR, configFile: false, logLevel: 'error', build: { outDir, emptyOutDir: true, target: 'es2022' } });
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: outDir, index: 'index.html' });
  routes(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  // localhost, not 127.0.0.1: a secure context, as the apps' own origins are
  return { origin: `http://localhost:${address.port}`, app };
}
