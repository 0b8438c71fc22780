// One whole day against the code in `root` (this checkout, or another revision's worktree): its own
// embedded PostgreSQL and database, the seed, the services' process, the sign-ins, then the rate
// steps until one does not hold.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../../infra/config.ts';
import { postmarkStandIn } from '../../../testing/stand-ins/postmark.ts';
import { tvmazeStandIn } from '../../../infra/tvmaze/recorded-server.ts';
import { argon2Hashing } from '../../../infra/accounts/passwords.ts';
import { logIn } from '../../../testing/sign-in.ts';
import { openCore } from '../../system.ts';
import { fmt, withBenchPostgres } from '../measure.ts';
import { openClubNights } from './club.ts';
import { postmasterOf } from './cpu.ts';
import type { GymUser } from './gym.ts';
import { verdict, stepLines } from './report.ts';
import { stallLines } from './stalls.ts';
import { catalogue, inParallel, PASSWORD, seed } from './seed.ts';
import { startServices } from './services.ts';
import { runStep, type StepResult } from './step.ts';

export type DaySettings = {
  readonly users: number;
  readonly weeks: number;
  readonly seconds: number;
  readonly firstRate: number;
  readonly factor: number;
  readonly maxSteps: number;
};

const SECRET = 'bench-day-session-secret-of-at-least-32-characters';
const ADMIN_TOKEN = 'bench-day-admin-token';
/** the accounts' passwords hashed at the least cost (as the tests' systems): the day measures traffic, not the sign-ins */
const QUICK_HASHING = argon2Hashing({ memoryCost: 256, timeCost: 1 });

/** a repeatable stream of numbers in [0, 1), so two days offer the same schedule */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** the day against `root`; `label` starts each printed step line */
export async function runDay(root: string, label: string, settings: DaySettings, tempDir: string): Promise<StepResult[]> {
  const results: StepResult[] = [];
  await withBenchPostgres('day', {}, async ({ admin, urlOf, onEnd }) => {
    await admin.query('CREATE DATABASE bench_day');
    const url = urlOf('bench_day');
    const dataDir = path.join(tempDir, `${label.trim() || 'day'}-data`);
    const formsDir = path.join(dataDir, 'forms');
    await mkdir(formsDir, { recursive: true });
    const teardown = { teardown: (fn: () => Promise<void> | void) => onEnd(async () => void (await fn())) };
    const now = new Date();
    const tvmaze = await tvmazeStandIn(teardown);
    for (const [id, show] of catalogue(now)) tvmaze.shows.set(id, show);
    const mail = await postmarkStandIn(teardown);
    const env = {
      NODE_ENV: 'production', LOG_LEVEL: 'warn', ROLES: 'api,projector', DATABASE_URL: url, DATABASE_POOL_SIZE: '20', DATA_DIR: dataDir,
      SESSION_SECRET: SECRET, COOKIE_SECURE: 'false', FORMS_DIR: formsDir, ADMIN_TOKEN,
      TVMAZE_URL: tvmaze.url, TVMAZE_CALLS_PER_10S: '100000', MAIL_API_KEY: 'bench', MAIL_API_URL: mail.url,
    };

    const seedStarted = performance.now();
    const core = await openCore(loadConfig(env), { hashing: QUICK_HASHING });
    const seeded = await seed(core, settings.users, settings.weeks, formsDir, now).finally(() => core.close());
    const { population } = seeded;
    console.log(`${label}seeded ${fmt(seeded.events)} events: ${population.gym.length} gym users × ${settings.weeks} weeks, ${population.showsUsers} shows users, ` +
      `${population.clubs.length} clubs, ${population.forms.length} form pairs, in ${fmt((performance.now() - seedStarted) / 1000, 1)} s`);

    const startStarted = performance.now();
    const services = await startServices(root, env, path.join(tempDir, `${label.trim() || 'day'}-services.log`));
    onEnd(() => services.stop());
    console.log(`${label}services (pid ${services.pid}) ready, the seed projected, in ${fmt((performance.now() - startStarted) / 1000, 1)} s`);

    const signInStarted = performance.now();
    const gymUsers: GymUser[] = await inParallel(population.gym, 8, async (user) => ({ ...user, cookie: (await logIn('gym', services.base.gym, { email: user.email, password: PASSWORD })).cookie }));
    const club = await openClubNights(services.base.club, population.clubs);
    console.log(`${label}signed in over HTTP: ${gymUsers.length} gym users and ${club.phones.length} club phones in ${fmt((performance.now() - signInStarted) / 1000, 1)} s`);

    const lagClient = new pg.Client({ connectionString: url });
    await lagClient.connect();
    onEnd(() => lagClient.end());
    const stallClient = new pg.Client({ connectionString: url });
    await stallClient.connect();
    onEnd(() => stallClient.end());
    // A real log of millions of events arrives over months with autovacuum keeping up; the seed's
    // arrive in minutes, and the vacuum of them (and the first checkpoint after) would fall on the
    // first steps' requests: done first, as bench:growth does.
    const settleStarted = performance.now();
    await lagClient.query('VACUUM (ANALYZE)');
    await lagClient.query('CHECKPOINT');
    console.log(`${label}VACUUM (ANALYZE) and CHECKPOINT after the seed in ${fmt((performance.now() - settleStarted) / 1000, 1)} s`);
    const { rows: [backend] } = await lagClient.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const targets = {
      gym: { base: services.base.gym, users: gymUsers, next: 0, kgStep: 0 },
      club,
      forms: { base: services.base.forms, forms: population.forms, saves: 0 },
      showsBase: services.base.shows,
      adminToken: ADMIN_TOKEN,
      servicesPid: services.pid,
      postmasterPid: await postmasterOf(backend!.pid),
      lagClient,
      stallClient,
    };
    const random = seededRandom(36);
    let rate = settings.firstRate;
    for (let n = 0; n < settings.maxSteps; n++, rate *= settings.factor) {
      const result = await runStep(targets, rate, settings.seconds, random);
      results.push(result);
      const failed = verdict(result);
      for (const line of [...stepLines(label, result), ...stallLines(result.recorder, result.stalls)]) console.log(line);
      console.log(`${label}  ${failed ? `did not hold: ${failed}` : 'held'}`);
      if (failed) break;
    }
  });
  return results;
}
