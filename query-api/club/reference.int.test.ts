// The reference check of the club's read side (issue 35): random sequences of commands go through the
// real command routes, then every GET route of the club service is asked and compared with the club
// folded in memory by testing/club/reference.ts (written from spec 002 Part A, not from the SQL), also
// after a rebuild of the projection. A mismatch names the shortest sequence fast-check found and the
// requests its run made. The commands are testing/club/read-check/steps.ts, a sequence's run
// testing/club/read-check/sequence.ts.
import fc from 'fast-check';
import t from 'tap';
import { readCheckParameters } from '../../testing/read-check.ts';
import { startClubReadCheck } from '../../testing/club/read-check/sequence.ts';
import { clubArbitrary, RUNS, setupArbitrary, stepArbitrary } from '../../testing/club/read-check/steps.ts';

const { check, runSequence, runs, settled } = await startClubReadCheck(t);

t.test('every GET route of the club answers what the commands sent imply, also after a rebuild', async (t) => {
  const property = fc.asyncProperty(clubArbitrary, setupArbitrary, fc.array(stepArbitrary, { minLength: 4, maxLength: 14 }), (start, setup, steps) =>
    runSequence(start, [...setup, ...steps]),
  );
  // Shrinking a failure replays whole sequences and can outlast the file's time limit (TAP_TIMEOUT,
  // which `npm run check:reads` raises): stop in time to report the shortest sequence found so far.
  // Running out of time before all sequences ran fails too, saying how many did, rather than passing.
  const budgetMs = Number(process.env.TAP_TIMEOUT ?? 180) * 1000 - 30_000;
  try {
    await fc.assert(property, { ...readCheckParameters(RUNS), plugins: [fc.interruptAfterTimeLimit(budgetMs, { failOnInterrupt: true })] });
  } finally {
    await settled();
  }
  t.pass(`${runs()} sequences`);
});

t.test('the check covers every GET route of the OpenAPI document', async (t) => {
  const document = (await check.inject('GET', '/api/openapi.json', null)).body as { paths: Record<string, Record<string, unknown>> };
  const gets = Object.entries(document.paths)
    .filter(([, operations]) => 'get' in operations)
    .map(([path]) => path);
  const cannot: Record<string, string> = {
    '/api/health': 'liveness: answers {status: ok} whatever the club holds',
    '/api/health/ready': "readiness: the projections' positions in the whole log, not the club's data",
  };
  t.same(gets.filter((path) => !check.checkedRoutes.has(path) && !(path in cannot)), [], 'every GET route is checked or named with its reason');
  t.same(Object.keys(cannot).filter((path) => !gets.includes(path)), [], 'the routes named as not checked exist');
  t.same([...check.checkedRoutes].filter((path) => !gets.includes(path)), [], 'the checked routes exist');
});
