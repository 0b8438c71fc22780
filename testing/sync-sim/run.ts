// A deterministic simulation of phones syncing with the real services (issue 32): simulated devices
// run the apps' own pure sync models against the real command handlers (in process, real
// PostgreSQL) over a simulated network that drops, delays, duplicates and reorders messages, while
// devices go offline, reload (losing memory, keeping IndexedDB) and come back. Seeded: a failing
// schedule prints its seed and its steps, and `npm run sim -- --seed N --schedules 1` replays it.
import { createRandom, type Random, randomBelow } from '../../domain/club/random.ts';

export type { Random };
export { randomBelow };

/** What a device sends: an HTTP request, as its app would make it. */
export type SimRequest = { readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; readonly url: string; readonly body?: unknown };
/** What comes back when something does: the status and the JSON body. */
export type SimAnswer = { readonly status: number; readonly body: unknown };

/** The server side, reached directly: for a device's pull and the checks after the network heals. */
export type SimServer = (device: SimDevice, request: SimRequest) => Promise<SimAnswer>;

/** One phone: the app's pure sync model with what IndexedDB would keep, and what memory holds. */
export type SimDevice = {
  readonly name: string;
  /** the person changes something now; a few words for the schedule's log, or null if nothing to do */
  change(random: Random, now: number): Promise<string | null>;
  /** the request the app would send now (nothing of this device is on its way), or null */
  nextRequest(now: number): SimRequest | null;
  /** the answer to the request this device has on its way */
  answered(request: SimRequest, answer: SimAnswer, now: number): Promise<void>;
  /** the request got no answer: no network, the deadline, a dropped message */
  noAnswer(request: SimRequest, now: number): void;
  /** the page is reloaded: memory is lost, IndexedDB is kept */
  reload(): void;
  /** the app reads the server's copy (becoming visible, a poll) */
  pull(server: SimServer, now: number): Promise<void>;
  /** commands not yet confirmed by the server, refused ones included */
  unsent(): number;
};

export type SimSchedule = {
  readonly devices: readonly SimDevice[];
  /** after the network healed and every device pulled: what does not hold, in sentences */
  check(server: SimServer): Promise<string[]>;
};

export type SimScenario = {
  readonly name: string;
  /** a fresh document and its devices for one schedule */
  schedule(random: Random, index: number): Promise<SimSchedule>;
  /** sends a device's request to the real service */
  readonly server: SimServer;
};

export type NetworkOptions = {
  readonly dropRequest: number;
  readonly dropAnswer: number;
  readonly duplicate: number;
  /** steps a message may wait before it is delivered (messages due together arrive in any order) */
  readonly maxDelay: number;
  /** steps after which a request with no answer counts as lost (the apps' 10 s deadline) */
  readonly deadline: number;
  /** steps of one schedule before the network heals */
  readonly steps: number;
};

export const DEFAULT_NETWORK: NetworkOptions = { dropRequest: 0.1, dropAnswer: 0.1, duplicate: 0.08, maxDelay: 3, deadline: 6, steps: 60 };

type Flight = { readonly device: number; readonly attempt: number; readonly request: SimRequest; readonly sentAt: number };
type Message =
  | { readonly kind: 'request'; readonly flight: Flight; readonly due: number }
  | { readonly kind: 'answer'; readonly flight: Flight; readonly answer: SimAnswer; readonly due: number };

export type ScheduleResult = { readonly seed: number; readonly problems: readonly string[]; readonly log: readonly string[]; readonly requests: number };

/** Runs one schedule from its seed: the random steps, then the heal, then the scenario's checks. */
export async function runSchedule(scenario: SimScenario, seed: number, index: number, options: NetworkOptions = DEFAULT_NETWORK): Promise<ScheduleResult> {
  const random = createRandom(seed);
  const { devices, check } = await scenario.schedule(random, index);
  const log: string[] = [];
  const online = devices.map(() => true);
  const inFlight: (Flight | null)[] = devices.map(() => null);
  let messages: Message[] = [];
  let attempts = 0;
  let requests = 0;
  let now = 0;
  const chance = (p: number) => random() < p;

  const deliverRequest = async (flight: Flight, healed: boolean) => {
    if (!healed && chance(options.dropRequest)) {
      log.push(`${now}: request ${flight.attempt} of ${devices[flight.device]!.name} lost`);
      return;
    }
    requests++;
    const answer = await scenario.server(devices[flight.device]!, flight.request);
    log.push(`${now}: server took ${flight.request.method} ${flight.request.url} (#${flight.attempt}) → ${answer.status}`);
    if (!healed && chance(options.duplicate)) messages.push({ kind: 'request', flight, due: now + 1 + randomBelow(random, options.maxDelay + 1) });
    if (!healed && chance(options.dropAnswer)) {
      log.push(`${now}: answer to #${flight.attempt} lost`);
      return;
    }
    messages.push({ kind: 'answer', flight, answer, due: healed ? now : now + randomBelow(random, options.maxDelay + 1) });
  };
  const deliverAnswer = async (flight: Flight, answer: SimAnswer) => {
    const device = devices[flight.device]!;
    // the page that sent it gave up (deadline, reload) or has no network: nobody reads this answer
    if (inFlight[flight.device]?.attempt !== flight.attempt || !online[flight.device]) return;
    inFlight[flight.device] = null;
    await device.answered(flight.request, answer, now);
  };
  const send = (index: number, healed: boolean): boolean => {
    const device = devices[index]!;
    if (inFlight[index]) return false;
    const request = device.nextRequest(now);
    if (!request) return false;
    const flight: Flight = { device: index, attempt: ++attempts, request, sentAt: now };
    if (!online[index]) {
      device.noAnswer(request, now);
      return true;
    }
    inFlight[index] = flight;
    messages.push({ kind: 'request', flight, due: healed ? now : now + randomBelow(random, options.maxDelay + 1) });
    log.push(`${now}: ${device.name} sends ${request.method} ${request.url} (#${flight.attempt})`);
    return true;
  };
  const deliverDue = async (healed: boolean) => {
    const due = messages.filter((message) => message.due <= now);
    if (due.length === 0) return;
    const message = due[randomBelow(random, due.length)]!;
    messages = messages.filter((each) => each !== message);
    if (message.kind === 'request') await deliverRequest(message.flight, healed);
    else await deliverAnswer(message.flight, message.answer);
  };

  for (; now < options.steps; now++) {
    for (const [index, flight] of inFlight.entries()) {
      if (flight && now - flight.sentAt > options.deadline) {
        inFlight[index] = null;
        devices[index]!.noAnswer(flight.request, now);
        log.push(`${now}: ${devices[index]!.name}: no answer to #${flight.attempt} in time`);
      }
    }
    const index = randomBelow(random, devices.length);
    const device = devices[index]!;
    const roll = random();
    if (roll < 0.3) {
      const what = await device.change(random, now);
      if (what) log.push(`${now}: ${device.name} ${what}${online[index] ? '' : ' (offline)'}`);
      send(index, false);
    } else if (roll < 0.5) {
      send(index, false);
    } else if (roll < 0.8) {
      await deliverDue(false);
    } else if (roll < 0.87) {
      online[index] = !online[index];
      log.push(`${now}: ${device.name} goes ${online[index] ? 'online' : 'offline'}`);
      if (online[index]) send(index, false);
    } else if (roll < 0.93) {
      device.reload();
      inFlight[index] = null;
      log.push(`${now}: ${device.name} reloads`);
    } else if (online[index]) {
      await device.pull(scenario.server, now);
      log.push(`${now}: ${device.name} pulls`);
    }
  }

  // the network heals: every device online, nothing lost; whatever is still travelling arrives
  log.push(`${now}: the network heals`);
  online.fill(true);
  for (let round = 0; round < 500; round++, now++) {
    while (messages.length > 0) {
      for (const message of messages) if (message.due > now) (message as { due: number }).due = now;
      await deliverDue(true);
    }
    let sent = false;
    for (const [index, flight] of inFlight.entries()) {
      // an answer lost before the heal: the device's deadline passes
      if (flight && !messages.some((message) => message.flight === flight)) {
        inFlight[index] = null;
        devices[index]!.noAnswer(flight.request, now);
      }
    }
    for (const index of devices.keys()) sent = send(index, true) || sent;
    if (!sent && messages.length === 0 && inFlight.every((flight) => flight === null)) break;
  }
  for (const device of devices) await device.pull(scenario.server, now);
  const problems = [...devices.filter((device) => device.unsent() > 0).map((device) => `${device.name} still holds ${device.unsent()} unsent after the heal`), ...(await check(scenario.server))];
  return { seed, problems, log, requests };
}

/** Runs `count` schedules from `firstSeed` on; the failures, each with its seed and steps. */
export async function runSchedules(scenario: SimScenario, firstSeed: number, count: number, options?: NetworkOptions): Promise<{ failures: ScheduleResult[]; requests: number }> {
  const failures: ScheduleResult[] = [];
  let requests = 0;
  for (let index = 0; index < count; index++) {
    const result = await runSchedule(scenario, firstSeed + index, index, options);
    requests += result.requests;
    if (result.problems.length > 0) failures.push(result);
  }
  return { failures, requests };
}

/** A failure as a person reads it: the seed that replays it, what broke, and the steps that led there. */
export function describeFailure(scenario: SimScenario, result: ScheduleResult): string {
  return [
    `${scenario.name}: schedule with seed ${result.seed} failed (replay: npm run sim -- --only ${scenario.name} --seed ${result.seed} --schedules 1)`,
    ...result.problems.map((problem) => `  ✗ ${problem}`),
    '  steps:',
    ...result.log.map((line) => `    ${line}`),
  ].join('\n');
}
