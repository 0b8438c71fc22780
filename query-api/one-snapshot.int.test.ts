// A read made of several statements answers as of one commit (infra/postgres/snapshot.ts): read
// while saves land, a night's version always agrees with its people, a workout's set count with its
// sets. Before, each statement saw the database as of its own start, and a commit between two of
// them answered a night's version from before it with its people from after (the club's history
// browser test caught it as a version too few).
import t from 'tap';
import { clubClient, cuid } from '../testing/club/client.ts';
import { trainingUser } from '../testing/gym/training-client.ts';
import { startTestSystem } from '../testing/harness.ts';

const system = await startTestSystem(t);
const SAVES = 40;

/** reads `read` over and over, three at a time, until `writing` ends; every answer (`answers` fills as they come) */
async function readWhile<T>(writing: Promise<unknown>, read: () => Promise<T>, answers: T[] = []): Promise<T[]> {
  let done = false;
  void writing.finally(() => (done = true)).catch(() => undefined);
  const reader = async () => {
    while (!done) answers.push(await read());
  };
  await Promise.all([reader(), reader(), reader()]);
  await writing;
  return answers;
}

t.test("a night read while it is saved: each answer's version agrees with its people", async (t) => {
  const { call, ok } = await clubClient(system);
  const settings = await ok<{ venues: Array<{ id: string }> }>('POST', '/api/venues', { name: 'Hall' }, 201);
  const venueId = settings.venues[0]!.id;
  await ok('POST', `/api/venues/${venueId}/slots`, { weekday: 4, start: '19:00', end: '21:30' }, 201);
  type Night = { id: string; version: number; people: unknown[] } & Record<string, unknown>;
  const night = await ok<Night>('POST', '/api/sessions', { venueId, date: '2026-11-26' }, 201);
  const { id: _id, people: _people, ...rest } = night;
  const snapshotId = cuid('snap');
  const saving = (async () => {
    const people = [];
    let version = night.version;
    for (let k = 1; k <= SAVES; k++) {
      people.push({ id: cuid(`p${k}`), name: `Person ${k}`, levelId: null });
      const answer = await call('PUT', `/api/sessions/${night.id}`, { ...rest, version, people, snapshotId, snapshotSeq: k });
      if (answer.statusCode !== 200) throw new Error(`save ${k}: ${answer.statusCode} ${answer.body}`);
      version = (answer.json() as { version: number }).version;
    }
  })();
  const answers = await readWhile(saving, () => ok<Night>('GET', `/api/sessions/${night.id}`));
  const mixed = answers.filter((answer) => answer.people.length !== answer.version - 1);
  t.ok(answers.length >= 10, `${answers.length} reads while ${SAVES} saves landed`);
  t.same(mixed.map((answer) => [answer.version, answer.people.length]), [], 'version n always with its n − 1 people');
});

t.test("a workout read while sets are ticked: each answer's set count agrees with its sets", async (t) => {
  const me = await trainingUser(system.apps.gym!, 'one-snapshot@example.org');
  const squat = ((await me.ok('POST', '/api/exercises', { name: 'Squat' })) as { id: string }).id;
  const workout = ((await me.ok('POST', '/api/sessions', { date: '2026-11-26' })) as { id: string }).id;
  const answers: Array<{ setCount: number; sets: unknown[] }> = [];
  const tick = (setNumber: number, reps: number) => me.ok('POST', `/api/sessions/${workout}/sets`, { exerciseId: squat, setNumber, kg: 100, reps });
  const ticking = (async () => {
    for (let set = 1; set <= SAVES; set++) await tick(set, 5);
    // a read of the writer's own session waits for its last tick to be projected: on a busy machine
    // the ticks can outrun the reads, so the last set is ticked again until enough reads overlapped
    for (let again = 0; answers.length < 10 && again < 400; again++) await tick(SAVES, 6 + (again % 2));
  })();
  await readWhile(ticking, () => me.ok('GET', `/api/sessions/${workout}`) as Promise<{ setCount: number; sets: unknown[] }>, answers);
  const mixed = answers.filter((answer) => answer.setCount !== answer.sets.length);
  t.ok(answers.length >= 10, `${answers.length} reads while ${SAVES} sets were ticked`);
  t.same(mixed.map((answer) => [answer.setCount, answer.sets.length]), [], 'the count of sets is the sets listed');
});
