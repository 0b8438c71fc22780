import { readFileSync, readdirSync } from 'node:fs';
import { startThrowawayPostgres } from './infra/postgres/embedded.ts';
import { createMigratedTemplate } from './ops/test/harness.ts';
import { makeDatabase } from './infra/testing/database.ts';
import { loadConfig } from './infra/config.ts';
import { buildServices, openCore, projections } from './ops/system.ts';
import { startProjector } from './projections/runtime.ts';
const postgres = await startThrowawayPostgres('sysbench-', { max_connections: '300' });
process.env.TEST_DATABASE_URL = postgres.url;
Object.assign(process.env, await createMigratedTemplate());
const pid = readFileSync(postgres.dir + '/data/postmaster.pid', 'utf8').split('\n')[0];
const stat = (p: string) => { try { const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' '); return f; } catch { return null; } };
const pgCpu = () => {
  const f = stat(pid)!; const n = (i: number) => Number(f[i - 3]);
  let total = n(14) + n(15) + n(16) + n(17);
  for (const p of readdirSync('/proc')) { if (!/^\d+$/.test(p)) continue; const g = stat(p); if (g && g[1] === pid) total += Number(g[11]) + Number(g[12]); }
  return total * 10;
};
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const phases = new Map<string, { pg: number; node: number }>();
let lastPg = pgCpu(); let lastNode = process.cpuUsage();
const mark = (name: string) => { const p = pgCpu(); const c = process.cpuUsage(lastNode); const prev = phases.get(name) ?? { pg: 0, node: 0 }; phases.set(name, { pg: prev.pg + p - lastPg, node: prev.node + (c.user + c.system) / 1000 }); lastPg = p; lastNode = process.cpuUsage(); };
const N = 10;
for (let i = 0; i < N; i++) {
  mark('between');
  const db = await makeDatabase({ migrated: true }); mark('create db');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url, DATABASE_POOL_SIZE: '20', SESSION_SECRET: 'test-session-secret-of-at-least-32-characters', FORMS_DIR: '/tmp' });
  const core = await openCore(config, {}); mark('open core');
  const projectors = projections.map((projection) => startProjector({ pool: core.db.slonik, store: core.store, projection, progress: core.progress, log: silentLog }));
  await Promise.all(projectors.map((p) => p.ready)); mark('projectors ready');
  const services = await buildServices(core, false); mark('build services');
  await new Promise((r) => setTimeout(r, 200)); mark('idle 200ms');
  await Promise.all(services.map((s) => s.app.close())); mark('close apps');
  await Promise.all(projectors.map((p) => p.stop())); mark('stop projectors');
  await core.close(); mark('close core');
  await db.drop(); mark('drop db');
}
await new Promise((r) => setTimeout(r, 500)); mark('between');
for (const [k, v] of phases) console.log(k.padEnd(18), 'pg', (v.pg / N).toFixed(0).padStart(5), 'ms  node', (v.node / N).toFixed(0).padStart(5), 'ms');
await postgres.stop();
