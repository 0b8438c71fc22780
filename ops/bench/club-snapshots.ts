// Snapshot saves of the club service over HTTP: 16 phones, each saving its own night as fast as
// it gets answers (PUT /api/sessions/:id with the version it holds), with the projector live and
// the read-your-writes wait on. One dedicated embedded PostgreSQL with default durability.
// Run: PATH=$PWD/node_modules/.bin:$PATH node ops/bench/club-snapshots.ts
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../infra/config.ts';
import { startEmbeddedPostgres } from '../../infra/postgres/embedded.ts';
import { startProjector } from '../../projections/runtime/projector.ts';
import { clubProjection } from '../../projections/club/index.ts';
import { buildServices, openCore } from '../system.ts';
import { p50p99 } from './measure.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const PEOPLE = 12;
const COURTS = 3;

const tempDir = await mkdtemp(path.join(os.tmpdir(), 'ledger-bench-club-'));
await chmod(tempDir, 0o755);
const postgres = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'data'), port: 0, persistent: false });
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
try {
  const core = await openCore(
    loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: postgres.url, SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters', COOKIE_SECURE: 'false' }),
  );
  const projector = startProjector({ pool: core.db.slonik, store: core.store, projection: clubProjection, progress: core.progress, log: silentLog });
  await projector.ready;
  const services = await buildServices(core, false);
  const app = services.find((service) => service.name === 'club')!.app;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the club service has no address');
  const base = `http://127.0.0.1:${address.port}`;

  await core.accounts.create('club', 'bench', 'a long bench password', { canChangePassword: false });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-real-ip': '10.0.0.1' },
    body: JSON.stringify({ username: 'bench', password: 'a long bench password' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const send = async (method: string, url: string, body?: object): Promise<{ status: number; json: Record<string, unknown> }> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { cookie, 'x-real-ip': '10.0.0.1', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const settings = (await send('POST', '/api/levels', { name: 'Strong' })).json as { levels: Array<{ id: string }> };
  const level = settings.levels[0]!.id;
  const venue = ((await send('POST', '/api/venues', { name: 'Hall' })).json as { venues: Array<{ id: string }> }).venues[0]!.id;

  const latencies: number[] = [];
  let conflicts = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const night = (await send('POST', '/api/sessions', { venueId: venue, date: `2026-01-${String(client + 1).padStart(2, '0')}`, startTime: '19:00', endTime: '21:00', courts: COURTS })).json;
      let version = night.version as number;
      const people = Array.from({ length: PEOPLE }, (_, index) => ({ id: `cbench${client}x${index}`, name: `Player ${client}-${index}`, levelId: level }));
      const ids = people.map((person) => person.id);
      const rounds: object[] = [];
      for (let save = 0; performance.now() < deadline; save++) {
        const lineUp = Array.from({ length: COURTS }, (_, court) => {
          const four = [0, 1, 2, 3].map((seat) => ids[(court * 4 + seat + save) % PEOPLE]!);
          return { court: court + 1, teamA: [four[0], four[3]], teamB: [four[1], four[2]] };
        });
        if (save % 10 === 9) rounds.push({ number: rounds.length + 1, startedAt: new Date().toISOString(), endedAt: new Date().toISOString(), lineUp });
        const body = {
          version,
          venueId: venue,
          date: night.date,
          startTime: '19:00',
          endTime: '21:00',
          courts: COURTS,
          roundLengthSec: 720,
          people,
          lineUp,
          timer: { roundNumber: rounds.length + 1, durationSec: 720, startedAt: new Date().toISOString(), roundStartedAt: new Date().toISOString(), pausedRemainingSec: null },
          rounds,
        };
        const t0 = performance.now();
        const answer = await send('PUT', `/api/sessions/${night.id as string}`, body);
        latencies.push(performance.now() - t0);
        if (answer.status === 200) version = answer.json.version as number;
        else if (answer.status === 409) conflicts++;
        else throw new Error(`save answered ${answer.status}: ${JSON.stringify(answer.json)}`);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpus = os.cpus();
  console.log('bench:club snapshot saves');
  console.log(`  machine   ${cpus[0]?.model ?? 'unknown cpu'}, ${cpus.length} cores, node ${process.version}; embedded PostgreSQL, default durability`);
  console.log(`  load      ${CLIENTS} clients, one night each, ${PEOPLE} people on ${COURTS} courts, a round filed every 10 saves; ${SECONDS} s`);
  console.log(`  saves/s   ${(latencies.length / elapsed).toFixed(0)} (${latencies.length} saves, ${conflicts} conflicts)`);
  console.log(`  latency   ${p50p99(latencies)}`);
  await app.close();
  for (const service of services) await service.app.close();
  await projector.stop();
  await core.close();
} finally {
  await postgres.stop();
  await rm(tempDir, { recursive: true, force: true });
}
