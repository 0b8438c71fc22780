// Club nights in the sync simulation: each device is a phone of a club member running the night's
// pure sync model (ui/club/night-sync-model.ts, with its three-way merge ui/club/merge.ts) on the
// Session screen's own edits (ui/club/night.ts), against the real club service, over the default
// network: copies of saves a phone gave up on arrive late too. What IndexedDB keeps is the model's
// `keep` effect (copy, base, unsent flag, snapshot id, count of changes); a reload rebuilds the model
// from it with the `loaded` event, as ui/club/sync.ts does. After the heal: every phone holds the
// server's night; no snapshot was saved twice; every person a phone added and every round it filed
// and saw "Saved" is on the server, unless a phone took the person off or the banner said so.
import type { TestSystem } from '../harness.ts';
import type { HttpApp } from '../../infra/http/app.ts';
import { clubClient } from '../club/client.ts';
import { nightStream } from '../../domain/club/night.ts';
import type { FinishedRound } from '../../domain/club/rounds.ts';
import { sameNightContent } from '../../ui/club/merge.ts';
import {
  addPerson,
  endRound,
  isNight,
  type Level,
  type Night,
  pauseTimer,
  personWithLevel,
  removePerson,
  setLevel,
  shuffleNight,
  snapshotOf,
  startTimer,
} from '../../ui/club/night.ts';
import { initialState, type Kept, step, type SyncEvent, type SyncState } from '../../ui/club/night-sync-model.ts';
import { randomBelow, type Random, type SimAnswer, type SimDevice, type SimRequest, type SimScenario, type SimServer } from './run.ts';

type Member = { readonly name: string; call(method: SimRequest['method'], url: string, body?: object): Promise<SimAnswer> };
type Club = { readonly members: readonly Member[]; readonly venueId: string; readonly levels: readonly Level[]; readonly people: readonly { id: string; name: string; levelId: string }[] };

type ClubDevice = SimDevice & {
  /** sentences the phone's banner showed: what of its changes was not applied */
  readonly told: readonly string[];
  /** people this phone added, and rounds it filed, that it then showed as Saved */
  readonly confirmedPeople: ReadonlyMap<string, string>;
  readonly confirmedRounds: ReadonlyMap<string, FinishedRound>;
  night(): Night | null;
};

const BASE = Date.UTC(2021, 0, 1, 19);
/** a round's identity whatever number the merge gives it (as merge.ts compares rounds) */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1))) : inner,
  );
const roundKey = (round: FinishedRound): string => canonical({ ...round, number: 0 });
const nightText = (night: Night): string =>
  `v${night.version} ${night.status} people [${night.people.map((person) => `${person.name}:${person.levelName ?? '-'}`).join(', ')}] rounds [${night.rounds
    .map((round) => `${round.number}@${round.startedAt.slice(11, 19)}`)
    .join(', ')}] lineUp ${night.lineUp.length} timer ${night.timer ? `${night.timer.roundNumber}${night.timer.startedAt ? ' running' : ''}` : 'none'}`;

function clubDevice(name: string, index: number, schedule: number, member: Member, club: Club, nightId: string, removedOnPurpose: Set<string>): ClubDevice {
  // what IndexedDB keeps across a reload: the model's last `keep`
  let kept: Kept | null = null;
  let state: SyncState;
  // the requests the model's effects asked for, waiting for the network (memory: lost on reload)
  let waiting: SimRequest[] = [];
  let ids = 0;
  const told: string[] = [];
  const addedHere = new Set<string>();
  const filedHere = new Map<string, FinishedRound>();
  const confirmedPeople = new Map<string, string>();
  const confirmedRounds = new Map<string, FinishedRound>();
  const letter = name.slice(-1).toLowerCase();
  const newId = (): string => `cs${schedule.toString(36)}x${letter}${(++ids).toString(36).padStart(4, '0')}`;
  const at = (now: number): string => new Date(BASE + now * 1000 + index * 100 + ids++).toISOString();

  const dispatch = (event: SyncEvent): void => {
    const next = step(state, event, newId());
    state = next.state;
    for (const effect of next.effects) {
      if (effect.type === 'keep') kept = effect.kept;
      else if (effect.type === 'send') waiting = [...waiting.filter((request) => request.method !== 'PUT'), { method: 'PUT', url: `/api/sessions/${nightId}`, body: effect.body }];
      else if (effect.type === 'read-server-copy' && !waiting.some((request) => request.method === 'GET')) waiting.push({ method: 'GET', url: `/api/sessions/${nightId}` });
      // 'wake': the debounce is stepped by `due` before each chance to send
    }
    if (state.conflict) for (const sentence of state.conflict.notApplied) if (!told.includes(sentence)) told.push(sentence);
    // what the person sees as Saved: this phone's copy with nothing unsent and nothing on its way
    if (state.night && state.badge === 'saved' && !state.unsent && state.sending === null && state.conflict?.showing !== 'theirs') {
      for (const person of state.night.people) if (addedHere.has(person.id)) confirmedPeople.set(person.id, person.name);
      for (const round of state.night.rounds) if (filedHere.has(roundKey(round))) confirmedRounds.set(roundKey(round), round);
    }
  };
  const load = (): void => {
    state = initialState(newId());
    waiting = [];
    dispatch({ type: 'loaded', kept });
  };
  load();

  const edit = (night: Night | null): boolean => {
    if (!night || !state.night || night === state.night) return false;
    const before = state.night;
    dispatch({ type: 'edited', night, now: 0 });
    return state.night !== before;
  };

  const change = (random: Random, now: number): string | null => {
    const night = state.night;
    if (!night || night.status === 'closed') return null;
    const { conflict } = state;
    if (conflict && random() < 0.5) {
      const action = conflict.showing === 'theirs' ? (random() < 0.5 ? 'keep-theirs' : 'show-combined') : random() < 0.5 ? 'show-theirs' : 'dismiss';
      // Keep theirs, pressed while their copy is on the screen, drops this phone's own changes
      // knowingly: what of them that copy lacks is seen going (the issue's rule is that nothing
      // is dropped unseen), so it counts as told
      if (action === 'keep-theirs') {
        for (const [key, round] of confirmedRounds) if (!conflict.theirs.rounds.some((each) => roundKey(each) === key)) told.push(`Round ${round.number} left by Keep theirs`);
        for (const [id, person] of confirmedPeople) if (!conflict.theirs.people.some((each) => each.id === id)) told.push(`${person} left by Keep theirs`);
      }
      dispatch({ type: action });
      return action;
    }
    const roll = randomBelow(random, 9);
    const present = night.people;
    // who comes and goes keeps the count near a multiple of four, so the courts can be drawn
    const count = present.length;
    const comesOrGoes = roll === 0 || roll === 8;
    if (comesOrGoes && (count < 4 || (count < 12 && (count % 4 >= 2 || (count % 4 === 0 && random() < 0.5))))) {
      const known = club.people.filter((person) => !present.some((here) => here.id === person.id));
      const fromPeople = known.length > 0 && random() < 0.6 ? known[randomBelow(random, known.length)]! : null;
      const person = fromPeople ?? { id: newId(), name: `${name} guest ${ids}`, levelId: club.levels[randomBelow(random, club.levels.length)]!.id };
      if (!edit(addPerson(night, personWithLevel({ ...person, guest: false }, club.levels)))) return null;
      addedHere.add(person.id);
      return `adds ${person.name}`;
    }
    const someone = present[randomBelow(random, present.length)];
    if (!someone) return null;
    switch (night.lineUp.length === 0 && roll !== 2 && roll !== 8 && roll !== 0 ? 3 : roll) {
      case 2: {
        const level = club.levels[randomBelow(random, club.levels.length)]!;
        return edit(setLevel(night, someone.id, level.id, club.levels)) ? `sets ${someone.name} to ${level.name}` : null;
      }
      case 3: {
        const shuffled = shuffleNight(night, random);
        return shuffled.ok && edit(shuffled.night) ? 'shuffles the courts' : null;
      }
      case 4:
        return edit(night.timer?.startedAt && random() < 0.5 ? pauseTimer(night, at(now)) : startTimer(night, at(now))) ? 'starts or pauses the timer' : null;
      case 1:
      case 5:
      case 6: {
        const ended = endRound(night, at(now));
        const filed = ended.rounds.filter((round) => !night.rounds.some((before) => roundKey(before) === roundKey(round)));
        if (!edit(ended)) return null;
        for (const round of filed) filedHere.set(roundKey(round), round);
        return filed.length > 0 ? `files round ${filed.map((round) => round.number).join(', ')}` : 'ends a round with nobody on court';
      }
      case 7: {
        const next = shuffleNight(endRound(night, at(now)), random);
        if (!next.ok) return null;
        const filed = next.night.rounds.filter((round) => !night.rounds.some((before) => roundKey(before) === roundKey(round)));
        if (!edit(next.night)) return null;
        for (const round of filed) filedHere.set(roundKey(round), round);
        return `next round: files ${filed.map((round) => round.number).join(', ') || 'nothing'}, shuffles`;
      }
      default: {
        const removed = removePerson(night, someone.id, at(now));
        const filed = removed.rounds.filter((round) => !night.rounds.some((before) => roundKey(before) === roundKey(round)));
        if (!edit(removed)) return null;
        removedOnPurpose.add(someone.id);
        for (const round of filed) filedHere.set(roundKey(round), round);
        return `takes ${someone.name} off`;
      }
    }
  };

  return {
    name,
    told,
    confirmedPeople,
    confirmedRounds,
    night: () => state.night,
    async change(random, now) {
      return change(random, now);
    },
    nextRequest(now) {
      // the debounce has run by the next chance to send (a step is longer than 1 s of the phone)
      if (state.dueAt !== null) dispatch({ type: 'due', now: state.dueAt });
      // a retry moment (online, visible, every 8 s): a change that waits goes, a phone with no copy reads one
      if (waiting.length === 0 && state.sending === null && (state.unsent || state.night === null)) dispatch({ type: 'retry' });
      void now;
      const [next, ...rest] = waiting;
      if (!next) return null;
      waiting = rest;
      return next;
    },
    async answered(request, answer) {
      const body = (answer.body ?? {}) as Record<string, unknown>;
      if (request.method === 'GET') {
        if (answer.status === 200 && isNight(answer.body, nightId)) dispatch({ type: 'server-copy', night: answer.body });
        else dispatch({ type: 'server-copy-failed', reason: answer.status === 404 ? 'not-found' : answer.status === 401 ? 'logged-out' : 'no-answer' });
        return;
      }
      if (answer.status === 200 && typeof body['version'] === 'number') dispatch({ type: 'saved', version: body['version'] });
      else if (answer.status === 409 && isNight(body['current'], nightId)) dispatch({ type: 'conflict', current: body['current'] });
      else if (answer.status >= 500 || answer.status === 429) dispatch({ type: 'no-answer' });
      else dispatch({ type: 'refused', message: `${answer.status} ${String(body['code'])}: ${String(body['message'])}` });
    },
    noAnswer(request) {
      if (request.method === 'GET') dispatch({ type: 'server-copy-failed', reason: 'no-answer' });
      else dispatch({ type: 'no-answer' });
    },
    reload() {
      load();
    },
    async pull(server) {
      if (!state.loaded) return;
      const answer = await server(this, { method: 'GET', url: `/api/sessions/${nightId}` });
      if (answer.status === 200 && isNight(answer.body, nightId)) dispatch({ type: 'server-copy', night: answer.body });
    },
    unsent: () => (state.unsent || state.sending ? 1 : 0),
  };
}

async function setUpClub(system: TestSystem): Promise<Club> {
  const members: Member[] = [];
  for (const name of ['sim-a', 'sim-b', 'sim-c']) {
    const client = await clubClient(system, name);
    members.push({
      name,
      async call(method, url, body) {
        const response = await client.call(method, url, body);
        return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as unknown) : undefined };
      },
    });
  }
  const admin = members[0]!;
  const must = async (method: SimRequest['method'], url: string, body: object, status: number) => {
    const answer = await admin.call(method, url, body);
    if (answer.status !== status) throw new Error(`club sim set-up: ${method} ${url} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { levels: { id: string; name: string; rank: number; isCoach: boolean }[]; venues: { id: string }[] };
  };
  await must('PUT', '/api/settings/club', { defaultCourts: 2, roundLengthSec: 600 }, 200);
  await must('POST', '/api/levels', { name: 'Strong' }, 201);
  await must('POST', '/api/levels', { name: 'Middle' }, 201);
  const settings = await must('POST', '/api/venues', { name: 'Hall' }, 201);
  const venueId = settings.venues[0]!.id;
  for (let weekday = 0; weekday < 7; weekday++) await must('POST', `/api/venues/${venueId}/slots`, { weekday, start: '19:00', end: '21:30' }, 201);
  const levels = settings.levels.map(({ id, name, rank, isCoach }) => ({ id, name, rank, isCoach }));
  const people = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo'].map((name, index) => ({ id: `csimpeople${index}`, name, levelId: levels[index % levels.length]!.id }));
  for (const person of people) await must('POST', '/api/players', person, 201);
  return { members, venueId, levels, people };
}

/** The club scenario on a running club service: three members of one club, a new night per schedule. */
export function clubScenario(system: TestSystem): SimScenario {
  const app: HttpApp | undefined = system.apps.club;
  if (!app) throw new Error('the club service was not built');
  const { core } = system;
  let club: Club | null = null;
  const members = new Map<string, Member>();
  // a read waits for the read side to hold every save already answered, so a schedule replays the same
  const caughtUp = async () => {
    if (!(await core.progress.waitFor(['club'], await core.store.headPosition(), 10_000))) throw new Error('the club read side did not catch up in 10 s');
  };
  const server: SimServer = async (device, request) => {
    const member = members.get(device.name);
    if (!member) throw new Error(`no member for ${device.name}`);
    if (request.method === 'GET') await caughtUp();
    return member.call(request.method, request.url, request.body as object | undefined);
  };
  return {
    name: 'club',
    server,
    async schedule(random, index) {
      club ??= await setUpClub(system);
      const date = new Date(Date.UTC(2021, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
      const nightId = `cnight${index.toString(36).padStart(4, '0')}`;
      const opened = await club.members[0]!.call('POST', '/api/sessions', { id: nightId, venueId: club.venueId, date, courts: 3 });
      if (opened.status !== 201) throw new Error(`club sim: opening the night answered ${opened.status} ${JSON.stringify(opened.body)}`);
      // the night as the first phone set it up before the schedule: everyone from People, on court
      let night = opened.body as Night;
      for (const person of club.people.slice(0, 8)) night = addPerson(night, personWithLevel({ ...person, guest: false }, club.levels));
      const shuffled = shuffleNight(night, random);
      if (shuffled.ok) night = shuffled.night;
      const first = await club.members[0]!.call('PUT', `/api/sessions/${nightId}`, snapshotOf(night, `cset${index.toString(36).padStart(6, '0')}`));
      if (first.status !== 200 || night.lineUp.length === 0) throw new Error(`club sim: the first save answered ${first.status} ${JSON.stringify(first.body)}`);
      const removedOnPurpose = new Set<string>();
      const devices = Array.from({ length: 2 + randomBelow(random, 2) }, (_, each) => {
        const member = club!.members[each]!;
        const device = clubDevice(`phone ${'ABC'[each]}`, each, index, member, club!, nightId, removedOnPurpose);
        members.set(device.name, member);
        return device;
      });
      return {
        devices,
        async check(server: SimServer) {
          const problems: string[] = [];
          const read = await server(devices[0]!, { method: 'GET', url: `/api/sessions/${nightId}` });
          if (read.status !== 200 || !isNight(read.body, nightId)) return [`the server's night could not be read: ${read.status} ${JSON.stringify(read.body)}`];
          const onServer = read.body;
          for (const device of devices) {
            const night = device.night();
            if (!night) problems.push(`${device.name} holds no night`);
            else if (!sameNightContent(night, onServer) || night.version !== onServer.version || night.status !== onServer.status)
              problems.push(`${device.name} holds ${nightText(night)} but the server holds ${nightText(onServer)}`);
          }
          const numbers = onServer.rounds.map((round) => round.number);
          if (new Set(numbers).size !== numbers.length) problems.push(`round numbers repeat: ${numbers.join(', ')}`);
          // no snapshot applied twice: a save sent again (same id, same content) appends nothing;
          // versions step by one
          const events = await core.store.readStream(nightStream(nightId));
          let previous: { snapshotId?: string; content: string } | null = null;
          let version = 1;
          for (const event of events) {
            const data = event.data as { version?: number; snapshotId?: string; savedAt?: string };
            if (event.type === 'session-opened') continue;
            if (data.version !== version + 1) problems.push(`${event.type} made version ${String(data.version)} after version ${version}`);
            version = data.version ?? version;
            if (event.type !== 'snapshot-saved') {
              previous = null;
              continue;
            }
            const { version: _version, savedAt: _savedAt, ...content } = data;
            const saved = { ...(data.snapshotId === undefined ? {} : { snapshotId: data.snapshotId }), content: JSON.stringify(content) };
            if (previous && saved.snapshotId !== undefined && previous.snapshotId === saved.snapshotId && previous.content === saved.content)
              problems.push(`the snapshot ${saved.snapshotId} was saved twice (versions ${version - 1} and ${version})`);
            previous = saved;
          }
          // confirmed or told
          const keys = new Set(onServer.rounds.map(roundKey));
          for (const device of devices) {
            for (const [id, name] of device.confirmedPeople) {
              if (onServer.people.some((person) => person.id === id) || removedOnPurpose.has(id)) continue;
              if (!device.told.some((sentence) => sentence.includes(name))) problems.push(`${device.name} added ${name} and showed Saved, and the server has not got them; nobody took them off, nobody was told`);
            }
            for (const [key, round] of device.confirmedRounds) {
              if (keys.has(key)) continue;
              if (!device.told.some((sentence) => sentence.includes(`Round ${round.number}`))) problems.push(`${device.name} filed round ${round.number} (${round.startedAt}) and showed Saved, and the server has not got it; nobody was told`);
            }
          }
          return problems;
        },
      };
    },
  };
}
