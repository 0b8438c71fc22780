// The gym's sets in the sync simulation: each device is the phone's outbox (ui/shared/outbox-model.ts)
// and workout copy (ui/gym/workout/workout-replica.ts), the very functions the app runs, against the real
// gym service. After the heal: every phone shows the server's sets; no tick was applied twice; the
// server holds, per set, the latest-made change that reached it; and every change a phone confirmed
// to its lifter is still there, or was replaced by a change made later, or the lifter was told.
import type { HttpApp } from '../../infra/http/app.ts';
import { type Command, enqueue, nextToSend, settle } from '../../ui/shared/outbox-model.ts';
import type { Workout } from '../../ui/gym/gym-api.ts';
import { setKey } from '../../ui/gym/workout/workout-rows.ts';
import { workoutIdOf } from '../../ui/gym/workout/workout-id.ts';
import { afterAnswer, type Answer, placePath, shownSets, startedHere, startKey, tickPath } from '../../ui/gym/workout/workout-replica.ts';
import { workoutStream } from '../../domain/gym/workout.ts';
import type { EventStore } from '../../infra/eventstore/port.ts';
import { SESSION_COOKIE, signUp } from '../sign-in.ts';
import { randomBelow, type SimAnswer, type SimDevice, type SimRequest, type SimScenario, type SimServer } from './run.ts';

type Account = { readonly userId: string; readonly sid: string; readonly exercises: readonly string[] };

/** A change as the server may hold it: a tick's numbers, or a deletion. */
type Made = { readonly device: string; readonly key: string; readonly madeAt: string; readonly values: { kg: number; reps: number } | null };

type GymDevice = SimDevice & { readonly told: readonly string[]; readonly confirmed: readonly Made[]; copy(): Workout | null };

const BASE = Date.now() - 86_400_000;
const WEIGHTS = [40, 50, 60, 70];
const REPS = [5, 8];

function madeOf(device: string, command: Command): Made {
  const body = command.body as { kg?: number; reps?: number } | null;
  return { device, key: command.key, madeAt: command.madeAt, values: command.method === 'POST' && body ? { kg: body.kg ?? 0, reps: body.reps ?? 0 } : null };
}

function gymDevice(name: string, index: number, account: Account, date: string, delivered: Map<string, Made>): GymDevice {
  // what IndexedDB keeps across a reload
  let commands: Command[] = [];
  let copy: Workout | null = null;
  let made = 0;
  const told: string[] = [];
  const confirmed: Made[] = [];
  const stamp = (now: number): { id: string; madeAt: string } => {
    made++;
    return { id: `${name}-${made}`, madeAt: new Date(BASE + now * 1000 + index * 100 + made).toISOString() };
  };
  return {
    name,
    told,
    confirmed,
    copy: () => copy,
    async change(random, now) {
      if (!copy) {
        const id = await workoutIdOf(account.userId, null, date);
        copy = startedHere(id, null, date, null, new Date(BASE));
        commands = enqueue(commands, { key: startKey(id), method: 'POST', path: '/api/sessions', body: { planDayId: null, date }, ...stamp(now) });
        return `starts the workout ${id.slice(0, 8)}`;
      }
      const exerciseId = account.exercises[randomBelow(random, account.exercises.length)]!;
      const setNumber = 1 + randomBelow(random, 3);
      const key = setKey(copy.id, exerciseId, setNumber);
      const shown = shownSets(copy, commands, false);
      const showsIt = [...shown.logged, ...shown.pending].some((set) => set.exerciseId === exerciseId && set.setNumber === setNumber);
      if (showsIt && random() < 0.25) {
        commands = enqueue(commands, { key, method: 'DELETE', path: placePath(copy.id, exerciseId, setNumber), body: null, ...stamp(now) });
        return `deletes ${exerciseId.slice(0, 4)} set ${setNumber}`;
      }
      const kg = WEIGHTS[randomBelow(random, WEIGHTS.length)]!;
      const reps = REPS[randomBelow(random, REPS.length)]!;
      const at = stamp(now);
      commands = enqueue(commands, { key, method: 'POST', path: tickPath(copy.id), body: { exerciseId, setNumber, kg, reps, unit: 'kg', madeAt: at.madeAt }, ...at });
      return `ticks ${exerciseId.slice(0, 4)} set ${setNumber} = ${kg}×${reps}`;
    },
    nextRequest() {
      const command = nextToSend(commands);
      if (!command) return null;
      const url = command.method === 'DELETE' ? `${command.path}?madeAt=${encodeURIComponent(command.madeAt)}` : command.path;
      return { method: command.method, url, body: command.body, command } as SimRequest;
    },
    async answered(request, answer) {
      const command = (request as SimRequest & { command: Command }).command;
      if (answer.status >= 500) {
        commands = settle(commands, command, { kind: 'no-answer' });
        return;
      }
      const body = (answer.body ?? {}) as Record<string, unknown>;
      const read: Answer =
        answer.status < 300
          ? { kind: 'ok', body: answer.body }
          : { kind: 'refused', status: answer.status, code: String(body['code']), message: String(body['message']), body };
      const after = afterAnswer(copy, command, read, 'kg');
      if (after.copy) copy = after.copy;
      if (after.notice) told.push(after.notice);
      if (after.outcome.kind === 'accepted' && answer.status < 300 && !command.key.startsWith('start:')) confirmed.push(madeOf(name, command));
      commands = settle(commands, command, after.outcome);
    },
    noAnswer(request) {
      const command = (request as SimRequest & { command: Command }).command;
      commands = settle(commands, command, { kind: 'no-answer' });
    },
    reload() {
    },
    async pull(server) {
      if (!copy) return;
      const answer = await server(this, { method: 'GET', url: `/api/sessions/${copy.id}` });
      if (answer.status === 200) copy = answer.body as Workout;
    },
    unsent: () => commands.length,
  };
}

const placeOf = (set: { exerciseId: string; setNumber: number }) => `${set.exerciseId}:${set.setNumber}`;
const keyPlace = (key: string) => key.split(':').slice(2).join(':');
const shownText = (sets: readonly { exerciseId: string; setNumber: number; kg: number; reps: number }[]) =>
  sets
    .map((set) => `${placeOf(set)}=${set.kg}×${set.reps}`)
    .sort()
    .join(' ');

/** The gym scenario on a running gym service; a new account every 200 schedules keeps its library small. */
export function gymScenario(app: HttpApp, store: EventStore): SimScenario {
  let account: Account | null = null;
  let accountUses = 0;
  const inject = async (sid: string, request: SimRequest): Promise<SimAnswer> => {
    const response = await app.inject({
      method: request.method,
      url: request.url,
      headers: { cookie: `${SESSION_COOKIE.gym}=${sid}`, 'x-real-ip': '10.9.0.1' },
      ...(request.body === undefined || request.body === null ? {} : { payload: request.body as object }),
    });
    return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as unknown) : undefined };
  };
  const newAccount = async (): Promise<Account> => {
    const email = `sim-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
    // each account is another lifter, signing up from an address of their own (signUp's): one address
    // would meet the signup limit after some twenty accounts (a run of 5000 schedules makes 25)
    const signup = await signUp('gym', app, { email, password: 'syncing-at-the-rack-42' });
    const cookie = signup.sid;
    const exercises: string[] = [];
    for (const name of ['Squat', 'Bench Press']) {
      const answer = await inject(cookie, { method: 'POST', url: '/api/exercises', body: { name } });
      exercises.push((answer.body as { id: string }).id);
    }
    return { userId: signup.account.id, sid: cookie, exercises };
  };
  // every change that reached the server and was decided there (2xx or 409), by the command's id
  let delivered = new Map<string, Made>();

  return {
    name: 'gym',
    server: async (device, request) => {
      if (!account) throw new Error('no account');
      const answer = await inject(account.sid, request);
      const command = (request as SimRequest & { command?: Command }).command;
      if (command && !command.key.startsWith('start:') && (answer.status < 300 || answer.status === 409)) delivered.set(command.id, madeOf(device.name, command));
      return answer;
    },
    async schedule(random, index) {
      if (!account || accountUses >= 200) {
        account = await newAccount();
        accountUses = 0;
      }
      accountUses++;
      delivered = new Map();
      const date = new Date(Date.UTC(2020, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
      const devices = Array.from({ length: 2 + randomBelow(random, 2) }, (_, each) => gymDevice(`phone ${'ABC'[each]}`, each, account!, date, delivered));
      const workoutId = await workoutIdOf(account.userId, null, date);
      const owner = account;
      return {
        devices,
        async check(server: SimServer) {
          const problems: string[] = [];
          const read = await server(devices[0]!, { method: 'GET', url: `/api/sessions/${workoutId}` });
          const onServer = read.status === 200 ? (read.body as Workout).sets : [];
          for (const device of devices) {
            const copy = device.copy();
            if (!copy) continue;
            const shown = shownSets(copy, [], false).logged;
            if (shownText(shown) !== shownText(onServer)) problems.push(`${device.name} shows ${shownText(shown)} but the server holds ${shownText(onServer)}`);
          }
          // no tick applied twice: a tick is known by when it was made
          const events = await store.readStream(workoutStream(workoutId));
          const ticks = events.filter((event) => event.type === 'set-ticked').map((event) => event.data as { exerciseId: string; setNumber: number; madeAt: string | null });
          const seen = new Set<string>();
          for (const tick of ticks) {
            const name = `${placeOf(tick)}@${tick.madeAt}`;
            if (seen.has(name)) problems.push(`the tick ${name} was applied twice`);
            seen.add(name);
          }
          // per set, the latest-made change that reached the server is what it holds
          const latest = new Map<string, Made>();
          for (const change of delivered.values()) {
            const place = keyPlace(change.key);
            const before = latest.get(place);
            if (!before || before.madeAt < change.madeAt) latest.set(place, change);
          }
          for (const [place, change] of latest) {
            const held = onServer.find((set) => placeOf(set) === place);
            const expected = change.values ? `${change.values.kg}×${change.values.reps}` : 'no set';
            const actual = held ? `${held.kg}×${held.reps}` : 'no set';
            if (expected !== actual) problems.push(`${place}: the latest change that reached the server (${change.device}, ${change.madeAt}) says ${expected}, the server holds ${actual}`);
          }
          // a confirmed change is there, or a later-made one replaced it, or its lifter was told
          for (const device of devices) {
            for (const change of device.confirmed) {
              const place = keyPlace(change.key);
              const winner = latest.get(place);
              if (winner && winner.madeAt >= change.madeAt) continue;
              const held = onServer.find((set) => placeOf(set) === place);
              const kept = change.values ? held !== undefined && held.kg === change.values.kg && held.reps === change.values.reps : held === undefined;
              if (!kept && device.told.length === 0) problems.push(`${device.name} confirmed ${place} (${change.madeAt}) and it is lost, untold`);
            }
          }
          void owner;
          return problems;
        },
      };
    },
  };
}
