// Issue 10, item 2: the recovery code comes back in an answer only when the environment explicitly
// says development or test; unset means production, and `npm start` says which in its first line.
import { spawn } from 'node:child_process';
import path from 'node:path';
import t from 'tap';
import { loadConfig } from '../../infra/config.ts';
import { buildGymService } from '../../ops/services/gym.ts';
import { startTestSystem, TEST_SESSION_SECRET } from '../../testing/harness.ts';

const system = await startTestSystem(t);
const { core } = system;
const PASSWORD = 'the old password';
let lastVictim = 0;
/** an account of its own per case: each gets at most 3 codes an hour */
async function victim(): Promise<string> {
  const email = `victim-${++lastVictim}@example.org`;
  await core.accounts.create('gym', email, PASSWORD, { canChangePassword: true });
  return email;
}

let lastAddress = 0;
/** the gym service as `npm start` builds it, with NODE_ENV as given (undefined: not set at all) */
async function gymWith(nodeEnv: string | undefined) {
  const config = loadConfig({ DATABASE_URL: system.url, SESSION_SECRET: TEST_SESSION_SECRET, LOG_LEVEL: 'silent', ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) });
  const app = await buildGymService({ ...core, config }, false);
  t.teardown(() => app.close());
  const call = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { 'x-real-ip': `198.51.100.${++lastAddress}` }, payload });
  return { config, call };
}

t.test('NODE_ENV unset: production, and the answer is only {ok: true}', async (t) => {
  const gym = await gymWith(undefined);
  t.equal(gym.config.NODE_ENV, 'production');
  const res = await gym.call('/api/auth/forgot', { email: await victim() });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true }, 'no devCode: a stranger cannot take the account over');
  const unknown = await gym.call('/api/auth/forgot', { email: 'nobody@example.org' });
  t.same(unknown.json(), { ok: true });
});

t.test('NODE_ENV=production: the answer is only {ok: true}', async (t) => {
  const gym = await gymWith('production');
  t.same((await gym.call('/api/auth/forgot', { email: await victim() })).json(), { ok: true });
});

for (const mode of ['development', 'test']) {
  t.test(`NODE_ENV=${mode}: the answer carries the code, and it is the real one`, async (t) => {
    const gym = await gymWith(mode);
    const email = await victim();
    const res = await gym.call('/api/auth/forgot', { email });
    const body = res.json() as { ok: boolean; devCode: string };
    t.same(body, { ok: true, devCode: body.devCode });
    t.match(body.devCode, /^\d{6}$/);
    const reset = await gym.call('/api/auth/reset', { email, code: body.devCode, newPassword: `${mode} password 1` });
    t.equal(reset.statusCode, 200, 'the code resets the password');
  });
}

// ---- the first line of `npm start` ----

const entry = path.join(import.meta.dirname, '../../ops/main.ts');

/** The first line `npm start` writes, parsed; the process is stopped once it has said it. */
async function firstLogLine(env: Record<string, string | undefined>): Promise<Record<string, unknown>> {
  const { NODE_ENV: _inherited, ...inherited } = process.env;
  // an address where nothing listens: the line comes before any connection is tried
  const base = { DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none', LOG_LEVEL: 'info', SESSION_SECRET: TEST_SESSION_SECRET };
  const child = spawn(process.execPath, [entry], { env: { ...inherited, ...base, ...env }, stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    child.once('exit', () => resolve(out.split('\n')[0] ?? ''));
    child.once('error', reject);
  });
  if (child.exitCode === null) child.kill('SIGKILL');
  return JSON.parse(line) as Record<string, unknown>;
}

t.test('npm start, NODE_ENV unset: the first line says production and that codes are never answered', async (t) => {
  const line = await firstLogLine({});
  t.match(line, { level: 30, mode: 'production', recoveryCodesInAnswers: false, msg: 'production mode: recovery codes are never returned in answers' });
});

t.test('npm start, NODE_ENV=development: the first line is a warning that codes are answered', async (t) => {
  const line = await firstLogLine({ NODE_ENV: 'development', LOG_LEVEL: 'warn' });
  t.match(line, { level: 40, mode: 'development', recoveryCodesInAnswers: true, msg: /^development mode: gym recovery codes are returned in answers/ });
});
