// The ops command line on the service's database: run in the test's process (`runCli`), and as
// operators run it, a separate process, where the process itself is what is checked.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { libraryStream } from '../domain/gym/library.ts';
import { runInProcess, runSpawned } from './cli/test-runs.ts';
import { startTestSystem } from '../testing/harness.ts';
import { projections } from './system.ts';
import { createReadAfter } from '../testing/read-after.ts';

const system = await startTestSystem(t);
const forms = system.apps.forms!;
for (const name of ['audited', ...Array.from({ length: 6 }, (_, i) => `rebuilt-${i}`)]) await system.defineForm(name);
const env = { DATABASE_URL: system.url, LOG_LEVEL: 'silent', SESSION_SECRET: 'test-session-secret-of-at-least-32-characters' };
const ops = runInProcess;

// a save answers before the read side has it: reads send back where the saves landed
const readAfter = createReadAfter();
async function save(name: string, body: object): Promise<void> {
  const response = await forms.inject({
    method: 'POST',
    url: `/api/forms/${name}`,
    headers: { origin: 'http://localhost:3004' },
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`save failed: ${response.body}`);
  readAfter.remember(response);
}

t.test('as a process: --help on stdout with exit 0; a mistake one line on stderr, nothing on stdout, exit 2', async (t) => {
  const [top, unknown] = await Promise.all([runSpawned(['--help'], {}), runSpawned(['explode'], env)]);
  t.equal(top.code, 0);
  t.match(top.out, /rebuild/);
  t.match(top.out, /audit/);
  t.equal(top.err, '');
  t.equal(unknown.code, 2);
  t.equal(unknown.err, 'unknown command explode; run with --help for the list\n');
  t.equal(unknown.out, '');
});

t.test('--help lists the commands, and every command has its own', async (t) => {
  const top = await ops(['--help']);
  t.equal(top.code, 0);
  t.match(top.out, /rebuild/);
  t.match(top.out, /audit/);
  for (const command of ['rebuild', 'audit', 'migrate']) {
    const help = await ops([command, '--help']);
    t.equal(help.code, 0, `${command} --help`);
    t.match(help.out, new RegExp(`^usage: npm run ops -- ${command}`));
  }
});

t.test('errors are one clear line and a non-zero exit', async (t) => {
  const unknown = await ops(['explode'], env);
  t.equal(unknown.code, 2);
  t.equal(unknown.err, 'unknown command explode; run with --help for the list\n');
  const projection = await ops(['rebuild', 'nothing'], env);
  t.equal(projection.code, 2);
  t.equal(projection.err, 'unknown projection nothing; known: gym, shows, forms, club\n');
  const missing = await ops(['audit', 'forms.form-never'], env);
  t.equal(missing.code, 1);
  t.equal(missing.err, 'error: stream forms.form-never has no events\n');
  const badTime = await ops(['audit', 'forms.form-never', '--at', 'yesterday'], env);
  t.equal(badTime.code, 2);
  t.equal(badTime.err, '--at: not an ISO time: yesterday\n');
  const badOption = await ops(['audit', 'x', '--since', '1'], env);
  t.equal(badOption.code, 1);
  t.equal(badOption.err.split('\n').filter(Boolean).length, 1);
});

t.test('audit prints every patch of a form in order, and --at the form as it stood then', async (t) => {
  await save('audited', { answers: { q1: 'one' }, respondent: 'Ann' });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const between = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await save('audited', { answers: { q1: 'two', days: ['mon', 'tue'] } });
  await save('audited', { notes: { q1: 'checked' }, respondent: 'Bea' });

  const audit = await ops(['audit', 'forms.form-audited'], env);
  t.equal(audit.code, 0, audit.err);
  const lines = audit.out.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  t.equal(lines.length, 3);
  t.same(
    lines.map((line) => [line.revision, line.type, line.stream]),
    [
      [0, 'form-patched', 'forms.form-audited'],
      [1, 'form-patched', 'forms.form-audited'],
      [2, 'form-patched', 'forms.form-audited'],
    ],
  );
  t.match(lines[0], { data: { answers: { q1: 'one' }, respondent: 'Ann' }, metadata: { userId: null, schemaVersion: 1 } });
  t.match(lines[1], { data: { answers: { q1: 'two', days: ['mon', 'tue'] } } });
  t.match(lines[2], { data: { notes: { q1: 'checked' }, respondent: 'Bea' } });
  for (const line of lines) {
    t.match(line.position, /^\d+\/\d+$/);
    t.ok(!Number.isNaN(Date.parse(String(line.time))));
  }

  const then = await ops(['audit', 'forms.form-audited', '--at', between], env);
  t.equal(then.code, 0, then.err);
  t.match(JSON.parse(then.out), {
    stream: 'forms.form-audited',
    revision: 0,
    events: 1,
    state: { answers: { q1: 'one' }, notes: {}, respondent: 'Ann', version: 1 },
  });
  const now = await ops(['audit', 'forms.form-audited', '--at', new Date().toISOString()], env);
  t.match(JSON.parse(now.out), {
    revision: 2,
    state: { answers: { q1: 'two', days: ['mon', 'tue'] }, notes: { q1: 'checked' }, respondent: 'Bea', version: 3 },
  });
});

t.test('status: each projection caught up, with no lag, its versions and the process that runs it; --json the same as JSON lines', async (t) => {
  await save('audited', { answers: { q1: 'status' } });
  const json = await ops(['status', '--json'], env);
  t.equal(json.code, 0, json.err);
  const lines = json.out.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  t.same(lines.map((line) => line.projection), ['gym', 'shows', 'forms', 'club']);
  const formsLine = lines.find((line) => line.projection === 'forms')!;
  t.match(formsLine, {
    version: formsLine.codeVersion,
    checkpoint: /^\d+\/\d+$/,
    head: /^\d+\/\d+$/,
    running: { by: new RegExp(`^projector forms on .+ pid ${process.pid}$`), since: String },
  });
  // the test's projectors run in this process and follow the log: caught up once they have the last save
  const caughtUp = (line: Record<string, unknown>) => line.state === 'caught-up' && line.lagEvents === 0 && line.lagSeconds === 0;
  t.ok(lines.every(caughtUp) || (await ops(['status', '--json'], env)).out.trim().split('\n').map((line) => JSON.parse(line)).every(caughtUp), 'caught up, no lag');

  const table = await ops(['status'], env);
  t.equal(table.code, 0, table.err);
  t.match(table.out, new RegExp(`^forms +caught-up v\\d+ +0 events, 0 s behind +run by projector forms on .+ pid ${process.pid}`, 'm'));
});

t.test('audit --verify folds one stream or the whole log and prints a summary to keep; usage mistakes are refused', async (t) => {
  await save('audited', { answers: { q1: 'verified' } });
  const one = await ops(['audit', '--verify', 'forms.form-audited'], env);
  t.equal(one.code, 0, one.err);
  t.match(JSON.parse(one.out), { streams: 1, kinds: { 'forms.form-': Number }, truncated: [], problems: [], ok: true });

  const all = await ops(['audit', '--verify', '--all'], env);
  t.equal(all.code, 0, all.err);
  const summary = JSON.parse(all.out) as { streams: number; events: number; kinds: Record<string, number>; ok: boolean };
  t.ok(summary.ok && summary.streams >= 1 && summary.events >= summary.streams, `${summary.events} events in ${summary.streams} streams, no problem`);
  t.ok(Number.isFinite(Date.parse((JSON.parse(all.out) as { verifiedAt: string }).verifiedAt)), 'dated');

  for (const [args, message] of [
    [['audit', '--verify'], '--verify needs one stream name, or --all\n'],
    [['audit', '--verify', 'forms.form-audited', '--all'], '--verify needs one stream name, or --all\n'],
    [['audit', '--all'], '--all goes with --verify\n'],
    [['audit', '--verify', '--all', '--at', '2026-01-01T00:00:00Z'], '--verify checks the whole history: it takes no --at\n'],
  ] as const) {
    const refused = await ops([...args], env);
    t.same([refused.code, refused.err], [2, message], args.join(' '));
  }
});

t.test('rebuild swaps in identical tables while the service keeps answering', async (t) => {
  for (let i = 0; i < 30; i++) await save(`rebuilt-${i % 6}`, { answers: { [`q${i}`]: `v${i}` }, ...(i % 4 === 0 ? { respondent: `r${i}` } : {}) });
  const names = Array.from({ length: 6 }, (_, i) => `rebuilt-${i}`);
  const read = async (name: string) => (await forms.inject({ method: 'GET', url: `/api/forms/${name}`, headers: readAfter.headers() })).json() as object;
  const before = await Promise.all(names.map(read));

  let reading = true;
  const statuses: number[] = [];
  const reader = (async () => {
    while (reading) {
      statuses.push((await forms.inject({ method: 'GET', url: '/api/forms/rebuilt-0' })).statusCode);
    }
  })();
  const rebuild = await ops(['rebuild', 'forms'], env);
  reading = false;
  await reader;
  t.equal(rebuild.code, 0, rebuild.err);
  t.match(rebuild.out, /^rebuilt forms: \d+ events in [\d.]+ s\n$/);
  // not a terminal: progress as JSON lines on stderr, the first before any event, the last with all of them
  const progress = rebuild.err.trim().split('\n').map((line) => JSON.parse(line) as { rebuild: string; read: number; total: number; perSecond: number });
  t.match(progress[0], { rebuild: 'forms', read: 0, total: Number });
  t.ok(progress[0]!.total >= 30, `${progress[0]!.total} events in the log when it started`);
  t.ok(progress.at(-1)!.read >= progress[0]!.total && progress.at(-1)!.read === progress.at(-1)!.total, 'the last line: every event read');
  t.ok(statuses.length > 0 && statuses.every((status) => status === 200), `${statuses.length} reads during the rebuild, all 200`);
  t.same(await Promise.all(names.map(read)), before, 'every answer is the same after the rebuild');

  await save('rebuilt-0', { answers: { q100: 'after' } });
  t.match(await read('rebuilt-0'), { answers: { q100: 'after' }, version: 6 }, 'the live projector writes to the new tables');
});

t.test("status counts a projection's own events as its lag, not other contexts' after its checkpoint", async (t) => {
  // the gym's projector stopped, as after an operator's rebuild with no service running: nothing steps its checkpoint over the others' events
  await system.projectors[projections.findIndex((projection) => projection.name === 'gym')]!.stop();
  await save('audited', { answers: { q1: 'while the gym projector is stopped' } });
  await forms.inject({ method: 'GET', url: '/api/forms/audited', headers: readAfter.headers() });
  const status = async () => {
    const run = await ops(['status', '--json'], env);
    t.equal(run.code, 0, run.err);
    return Object.fromEntries(run.out.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>).map((line) => [line.projection, line]));
  };
  const quiet = await status();
  t.not(quiet.gym!.checkpoint, quiet.gym!.head, "the gym's checkpoint is short of the log's head");
  t.match(quiet.gym, { state: 'caught-up', lagEvents: 0, lagSeconds: 0 }, 'a forms save after it is not the gym lag');
  t.match(quiet.forms, { state: 'caught-up', lagEvents: 0 });

  // a lifter's weigh-in, appended as the gym's command would (which would then wait for the stopped projector)
  const userId = randomUUID();
  await system.core.store.append(
    libraryStream(userId),
    [{ id: randomUUID(), type: 'bodyweight-recorded', data: { date: '2026-11-29', kg: 80.5 }, metadata: { userId, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 } }],
    'no_stream',
  );
  const behind = await status();
  t.match(behind.gym, { state: 'behind', lagEvents: 1 }, "the gym event it has not applied is the gym's lag");
});
