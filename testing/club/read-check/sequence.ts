// The club read check (query-api/club/reference.int.test.ts), start to end: a test system on a clock
// moved one second per command, the logins (each sequence its own, and one that lives across them),
// a sequence run through ./commands.ts and the club left as the next sequence expects it.
import type { Test } from 'tap';
import { startTestSystem } from '../../harness.ts';
import { logIn, newClubLogin } from '../../sign-in.ts';
import { newClub, stepChangeClub } from '../reference.ts';
import { runStep, settingsCommand } from './commands.ts';
import { checkReads } from './reads.ts';
import { type Answer, dayOf, json, type Login, type Method, type ReadCheck, type Run } from './run.ts';
import { DAYS, type Step } from './steps.ts';

/** The club's settings and the sequence login's permission at the start of a sequence. */
export type ClubStart = { readonly defaultCourts: number; readonly roundLengthSec: number; readonly canChangePassword: boolean };

const PASSWORD = 'a long password';

export async function startClubReadCheck(t: Test) {
  // the club's clock, moved on one second per command, so every time a command stamps is known
  let clockMs = Date.parse('2026-11-01T08:00:00.000Z');
  const system = await startTestSystem(t, {}, { now: () => new Date(clockMs) });
  const app = system.apps.club!;

  const check: ReadCheck = {
    system,
    async inject(method: Method, url: string, cookie: string | null, payload?: object): Promise<Answer> {
      const response = await app.inject({ method, url, headers: cookie === null ? {} : { cookie }, ...(payload === undefined ? {} : { payload }) });
      let body: unknown = response.body;
      try {
        body = response.json();
      } catch {
        // not JSON: kept as text for the message
      }
      return { status: response.statusCode, body };
    },
    signIn: async (username) => (await logIn('club', app, { username, password: PASSWORD })).cookie,
    tick() {
      clockMs += 1000;
      return new Date(clockMs).toISOString();
    },
    checkedRoutes: new Set<string>(),
    venuesInClub: 0,
  };

  /** A club login as the server-side script makes one, signed in. */
  async function login(username: string, canChangePassword: boolean): Promise<Login> {
    const { account, cookie } = await newClubLogin(system.core.accounts, app, username, { password: PASSWORD, canChangePassword });
    return { id: account.id, username, canChangePassword, cookie };
  }

  // a login that lives across sequences: it reads and writes beside each sequence's own
  const other = await login('reference-other', true);
  let logins = 0;
  // each sequence has a login of its own; the next one is made (two argon2 hashes) while a sequence runs
  const nextLogin = (): Promise<Login> => {
    const made = login(`reference-${++logins}`, false);
    // awaited by the next sequence or at the end; a failure meanwhile is not an unhandled rejection
    made.catch(() => undefined);
    return made;
  };
  let pendingLogin = nextLogin();
  let runs = 0;

  /**
   * Leaves no level, no active venue and no one listed in People behind: the next sequence starts its
   * levels from none, and the club's lists do not grow with every sequence (its people become guests,
   * who are never listed). After a sequence that passed the reference says who is who; after one that
   * failed the routes do.
   */
  async function cleanUp(run: Run, trusted: boolean): Promise<void> {
    const problems: string[] = [];
    const listed = (player: { levelId: string | null; guest: boolean }): boolean => player.levelId !== null || !player.guest;
    const people = trusted
      ? [...run.club.players.values()].filter(listed).map((player) => player.id)
      : await (async () => {
          const found: string[] = [];
          for (const id of run.playerIds) {
            const player = await check.inject('GET', `/api/players/${id}`, other.cookie);
            if (player.status === 200 && listed(player.body as { levelId: string | null; guest: boolean })) found.push(id);
          }
          return found;
        })();
    for (const id of people) {
      const answer = await check.inject('PATCH', `/api/players/${id}`, other.cookie, { levelId: null, guest: true });
      if (answer.status !== 200) problems.push(`PATCH /api/players/${id} → ${answer.status}`);
    }
    const levels = trusted ? run.club.levels : ((await check.inject('GET', '/api/settings', other.cookie)).body as { levels: Array<{ id: string }> }).levels;
    for (const level of levels) {
      const answer = await check.inject('DELETE', `/api/levels/${level.id}`, other.cookie);
      if (answer.status !== 200) problems.push(`DELETE /api/levels/${level.id} → ${answer.status} ${json(answer.body)}`);
    }
    const active = trusted ? run.club.venues.filter((venue) => venue.active).map((venue) => venue.id) : run.venueIds;
    for (const id of active) {
      const answer = await check.inject('PATCH', `/api/venues/${id}`, other.cookie, { active: false });
      if (answer.status !== 200) problems.push(`PATCH /api/venues/${id} → ${answer.status}`);
    }
    if (problems.length > 0) throw new Error(`cleaning up after sequence ${run.no} failed: ${problems.join('; ')}`);
  }

  async function runSequence(start: ClubStart, steps: readonly Step[]): Promise<void> {
    const no = ++runs;
    const account = await pendingLogin;
    pendingLogin = nextLogin();
    // the permission is the account's, set by the server-side script that makes accounts (spec: Authentication)
    await system.core.accounts.setCanChangePassword(account.id, start.canChangePassword);
    const own = { ...account, canChangePassword: start.canChangePassword };
    const run: Run = {
      check,
      no,
      club: newClub({ defaultCourts: start.defaultCourts, roundLengthSec: start.roundLengthSec }, check.venuesInClub),
      users: [own, other],
      prefix: `R${no} `,
      levelIds: [],
      venueIds: [],
      slotIds: [],
      playerIds: [],
      nightIds: [],
      lastKnown: new Map(),
      lastPut: null,
      made: 0,
      log: [],
    };
    let failed = true;
    try {
      check.tick();
      const body = { defaultCourts: start.defaultCourts, roundLengthSec: start.roundLengthSec };
      await settingsCommand(run, 0, 'PUT', '/api/settings/club', body, () => stepChangeClub(run.club, body));
      for (const step of steps) await runStep(run, step);
      await checkReads(run, 0, dayOf(run, 0), dayOf(run, DAYS - 1));
      failed = false;
    } finally {
      // a failed sequence still cleans up, so the sequences fast-check shrinks to start as this one did
      await cleanUp(run, !failed).catch((error: unknown) => {
        if (!failed) throw error;
      });
    }
  }

  return {
    check,
    runSequence,
    /** how many sequences ran */
    runs: (): number => runs,
    /** the login made for a sequence that did not come, once it is made (or failed) */
    settled: async (): Promise<void> => void (await pendingLogin),
  };
}
