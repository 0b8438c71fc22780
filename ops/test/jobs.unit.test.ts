// The test run's scheduler must not call a run green that was not: a failed assertion, a crash, a
// file that never printed tap's summary, a type check that failed, a file that hangs (with what it
// started) all fail.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { countsOf, fileOutcomesOf, type Job, type Outcome, runJobs } from './jobs.ts';

const script = (name: string, code: string, tap = true): Job => ({ name, args: ['-e', code], tap });

t.test("tap's closing counts are read from the last top-level summary", async (t) => {
  t.same(countsOf('    # { total: 9, pass: 9 }\n# { total: 3, pass: 2, fail: 1 }\n'), { total: 3, pass: 2, fail: 1, skip: 0 });
  t.same(countsOf('# { total: 103, pass: 102, skip: 1 }\n'), { total: 103, pass: 102, fail: 0, skip: 1 });
  t.equal(countsOf('    # { total: 1, pass: 1 }\n'), null, "a subtest's summary is not the file's");
});

t.test('each job passes or fails by its exit and its summary; a hung one is killed with what it started', async (t) => {
  const pidFile = path.join(os.tmpdir(), `jobs-test-${process.pid}.pid`);
  const jobs = [
    script('passes', "console.log('# { total: 2, pass: 2 }')"),
    script('fails an assertion', "console.log('not ok 1 - one is two'); console.log('# { total: 2, pass: 1, fail: 1 }'); process.exit(1)"),
    script('crashes', "throw new Error('boom at import')"),
    script('ends without a summary', "console.log('ok 1 - half of it')"),
    script('says it failed but exits 0', "console.log('# { total: 1, pass: 0, fail: 1 }')"),
    script('passes but exits 1 after', "console.log('# { total: 1, pass: 1 }'); process.exit(1)"),
    script('type check passes', 'process.exit(0)', false),
    script('type check fails', "console.error('error TS2322'); process.exit(2)", false),
    script(
      'hangs',
      `const { spawn } = require('node:child_process');
       const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
       require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));
       setInterval(() => {}, 1000);`,
    ),
  ];
  const outputs = new Map<string, string>();
  const outcomes = await runJobs(jobs, {
    cwd: process.cwd(),
    env: process.env,
    concurrency: 3,
    timeoutMs: 3000,
    onOutcome: (outcome, output) => outputs.set(outcome.name, output),
  });
  const byName = new Map<string, Outcome>(outcomes.map((outcome) => [outcome.name, outcome]));
  t.same(
    jobs.map((job) => [job.name, byName.get(job.name)?.ok]),
    [
      ['passes', true],
      ['fails an assertion', false],
      ['crashes', false],
      ['ends without a summary', false],
      ['says it failed but exits 0', false],
      ['passes but exits 1 after', false],
      ['type check passes', true],
      ['type check fails', false],
      ['hangs', false],
    ],
  );
  t.same(byName.get('passes')!.counts, { total: 2, pass: 2, fail: 0, skip: 0 });
  t.same(byName.get('fails an assertion')!.counts, { total: 2, pass: 1, fail: 1, skip: 0 });
  t.equal(byName.get('crashes')!.counts.fail, 1, 'a crash counts as a failure');
  t.match(outputs.get('crashes'), /boom at import[\s\S]*without tap's summary/, 'its output says why');
  t.match(outputs.get('type check fails'), /error TS2322/);
  t.match(outputs.get('hangs'), /killed after 3 s/);
  const grandchild = Number(await readFile(pidFile, 'utf8'));
  // gone, or a zombie its new parent has not reaped yet: either way it runs no more. SIGKILL is
  // delivered when the process next runs, so a moment after the group was killed it may still show
  // as running; one that outlives the kill by seconds was not in the group.
  const stateOf = () => readFile(`/proc/${grandchild}/stat`, 'utf8').then((stat) => stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3), () => 'gone');
  let state = await stateOf();
  for (let tries = 0; tries < 50 && state !== 'gone' && state !== 'Z'; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = await stateOf();
  }
  t.ok(state === 'gone' || state === 'Z', `what the hung job started is gone too (${state})`);
});

t.test('a batch runs its files in turn, each its own subtest torn down before the next; each file passes or fails alone', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jobs-batch-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const sources: Record<string, string> = {
    'passes.test.ts': "import t from 'tap'; t.test('one', async (t) => t.pass('fine')); t.teardown(() => console.log('# passes: torn down'));",
    'fails.test.ts': "import t from 'tap'; console.log('# fails: starts'); t.test('two', async (t) => t.equal(1, 2, 'one is two'));",
    'crashes.test.ts': "throw new Error('boom at import');",
    'last.test.ts': "import t from 'tap'; t.pass('run after the others failed');",
  };
  const files = Object.keys(sources).map((name) => path.join(dir, name));
  for (const [name, source] of Object.entries(sources)) await writeFile(path.join(dir, name), source);
  const batch = path.join(import.meta.dirname, 'batch.ts');
  let output = '';
  const [outcome] = await runJobs([{ name: 'batch', args: [batch, ...files], tap: true, files }], {
    cwd: process.cwd(),
    env: process.env,
    concurrency: 1,
    timeoutMs: 20_000,
    onOutcome: (_outcome, text) => (output = text),
  });
  t.same(
    outcome!.files!.map((file) => [path.basename(file.name), file.ok]),
    [
      ['passes.test.ts', true],
      ['fails.test.ts', false],
      ['crashes.test.ts', false],
      ['last.test.ts', true],
    ],
  );
  t.notOk(outcome!.ok, 'the batch fails with its files');
  t.same(outcome!.counts, { total: 4, pass: 2, fail: 2, skip: 0 });
  t.ok(output.indexOf('# passes: torn down') < output.indexOf('# fails: starts'), "a file's teardown runs before the next file starts");
  const [, fails, crashes] = outcome!.files!;
  t.match(fails!.output, /not ok 1 - one is two/, "a failing file's output is its own subtest's");
  t.notMatch(fails!.output, /boom at import/);
  t.match(crashes!.output, /boom at import/);
});

t.test("a batch's file that never ended (killed or crashed before its line) fails with what it printed", async (t) => {
  const output = '# Subtest: a.test.ts\n    ok 1 - fine\n    1..1\nok 1 - a.test.ts # time=12.5ms\n\n# Subtest: b.test.ts\n    ok 1 - started\n';
  t.same(fileOutcomesOf(output, ['a.test.ts', 'b.test.ts', 'c.test.ts']), [
    { name: 'a.test.ts', ok: true, ms: 12.5, output: '# Subtest: a.test.ts\n    ok 1 - fine\n    1..1\nok 1 - a.test.ts # time=12.5ms' },
    { name: 'b.test.ts', ok: false, ms: 0, output: '# Subtest: b.test.ts\n    ok 1 - started\n' },
    { name: 'c.test.ts', ok: false, ms: 0, output: '' },
  ]);
});
