// The snapshot a phone saves in the club read check (query-api/club/reference.int.test.ts): the night
// as last known, with the people kept and added, rounds filed since the last save, the timer, and
// now and then one fault that spec rule 1 refuses.
import type { Court, NightState, Round, Snapshot, Timer } from '../reference.ts';
import { dayOf, instant, made, pick, type Run } from './run.ts';
import { PERSON_NAMES, type StepOf } from './steps.ts';

export function buildSnapshot(run: Run, night: NightState, step: StepOf<'save'>): Snapshot {
  const club = run.club;
  const levelAt = (index: number): string | null => pick([...club.levels.map((level) => level.id), null], index) ?? null;
  const people: Snapshot['people'] = night.people
    .filter((_, index) => index >= 8 || (step.keep & (1 << index)) !== 0)
    .map((person) => ({ id: person.playerId, name: person.name, levelId: person.levelId }));
  for (const index of step.add) {
    if (index < run.playerIds.length) {
      const id = run.playerIds[index]!;
      if (people.some((person) => person.id === id)) continue;
      const player = club.players.get(id);
      // a phone may hold another name for someone: the server never renames from a snapshot
      people.push({ id, name: player ? (index % 2 === 0 ? player.name : `${player.name} Jr`) : `Back ${index}`, levelId: player?.levelId ?? null });
    } else {
      const id = made(run, 'p');
      run.playerIds.push(id);
      people.push({ id, name: PERSON_NAMES[index % PERSON_NAMES.length]!, levelId: levelAt(index), guest: index % 3 === 0 });
    }
  }
  if (step.relevel !== null && people[0]) people[0].levelId = levelAt(step.relevel);

  const courts = step.courts ?? night.courts;
  const present = new Set(people.map((person) => person.id));
  /** courts drawn from the sheet, turned by `turn` */
  const draw = (turn: number): Court[] => {
    const ids = people.map((person) => person.id);
    const cut = turn % Math.max(1, ids.length);
    const turned = [...ids.slice(cut), ...ids.slice(0, cut)];
    return Array.from({ length: Math.min(Math.floor(turned.length / 4), courts) }, (_, index) => {
      const [a, b, c, d] = turned.slice(index * 4, index * 4 + 4) as [string, string, string, string];
      return { court: index + 1, teamA: [a, d], teamB: [b, c] };
    });
  };
  const nameKnown = (id: string): string => people.find((person) => person.id === id)?.name ?? night.people.find((person) => person.playerId === id)?.name ?? ` Left ${id.slice(-4)} `;
  let rounds: Round[] = structuredClone(night.rounds);
  let timer: Timer | null = structuredClone(night.timer);
  const nextNumber = (): number => Math.max(0, ...rounds.map((round) => round.number)) + 1;
  // rounds played since the last save (a phone offline for a while files several): the first on the
  // line-up in play, the next ones on courts drawn from the sheet
  let inPlay = night.lineUp;
  for (let played = 0; played < step.file; played++) {
    const lineUp = played === 0 && inPlay.length > 0 ? inPlay : draw(step.rotate + played);
    if (lineUp.length === 0) break;
    const filed = rounds.some((round) => round.number === timer?.roundNumber);
    const number = timer !== null && !filed ? timer.roundNumber : nextNumber();
    const filedRound: Round = { number, startedAt: timer?.roundStartedAt ?? instant(night.date, 5 * number), endedAt: instant(night.date, 5 * number + 4), lineUp: structuredClone(lineUp) };
    // a phone files each player's name with the round; one on an older build files none
    if ((step.rotate + played) % 3 !== 0) {
      const playing = lineUp.flatMap((entry) => [...entry.teamA, ...entry.teamB]);
      // and, since issue 34, who sat it out: those here and not on its courts
      const sittingOut = people.map((person) => person.id).filter((id) => !playing.includes(id));
      filedRound.names = Object.fromEntries([...playing, ...sittingOut].map((id) => [id, nameKnown(id)]));
      if (sittingOut.length > 0) filedRound.sittingOut = sittingOut;
    }
    rounds.push(filedRound);
    timer = { roundNumber: number + 1, durationSec: step.roundLengthSec ?? night.roundLengthSec, startedAt: null, roundStartedAt: null, pausedRemainingSec: null };
    inPlay = lineUp;
  }
  if (step.dropRound) rounds = rounds.slice(1);
  if (step.reverseRounds) rounds.reverse();

  const lineUp = step.draw
    ? draw(step.rotate)
    : inPlay.filter((entry) => entry.court <= courts && [...entry.teamA, ...entry.teamB].every((id) => present.has(id)));

  // who sits out the round in play (issue 34): all off court, one of them, or not sent (an older build)
  const offCourt = people.map((person) => person.id).filter((id) => !lineUp.some((entry) => [...entry.teamA, ...entry.teamB].includes(id)));
  const sittingOut = step.rotate % 3 === 0 ? undefined : step.rotate % 3 === 1 ? offCourt : offCourt.slice(0, 1);

  let oldBuild = false;
  const now = instant(night.date, 3 * (rounds.length + 1));
  if (step.timer === 'start' || step.timer === 'old-build') {
    const base = timer ?? { roundNumber: nextNumber(), durationSec: night.roundLengthSec, startedAt: null, roundStartedAt: null, pausedRemainingSec: null };
    timer = base.startedAt !== null ? base : { ...base, startedAt: now, roundStartedAt: base.roundStartedAt ?? now, pausedRemainingSec: null };
    oldBuild = step.timer === 'old-build';
  } else if (step.timer === 'pause' && timer?.startedAt) {
    timer = { ...timer, startedAt: null, pausedRemainingSec: 100.5 };
  } else if (step.timer === 'clear') {
    timer = null;
  }
  if (timer !== null && rounds.some((round) => round.number === timer!.roundNumber)) timer = { ...timer, roundNumber: nextNumber() };

  const version = step.base === 'current' ? night.version : step.base === 'older' && night.version > 1 ? night.version - 1 : night.version + 1;
  const snapshot: Snapshot = {
    version,
    venueId: night.venueId,
    date: night.date,
    startTime: night.startTime,
    endTime: step.endTime !== null && step.endTime > night.startTime ? step.endTime : night.endTime,
    courts,
    roundLengthSec: step.roundLengthSec ?? night.roundLengthSec,
    people,
    lineUp,
    timer: timer !== null && oldBuild ? (({ roundStartedAt: _left, ...rest }) => rest)(timer) : timer,
    rounds,
    ...(sittingOut === undefined ? {} : { sittingOut }),
    // a phone on an older build sends its snapshot id without an order
    ...(step.snapshotId ? { snapshotId: made(run, 's'), ...(oldBuild ? {} : { snapshotSeq: 10 }) } : {}),
  };
  return breakRuleOne(run, snapshot, step.invalid);
}

/** One fault that spec rule 1 refuses with 400, whatever the version. */
function breakRuleOne(run: Run, snapshot: Snapshot, fault: StepOf<'save'>['invalid']): Snapshot {
  const someone = (): string => snapshot.people[0]?.id ?? made(run, 'g');
  const ghosts = (): [string, string, string, string] => [made(run, 'g'), made(run, 'g'), made(run, 'g'), made(run, 'g')];
  switch (fault) {
    case null:
      return snapshot;
    case 'unknown-level':
      return { ...snapshot, people: [...snapshot.people, { id: made(run, 'p'), name: 'Nobody', levelId: 'no-such-level' }] };
    case 'court-out-of-range': {
      const [a, b, c, d] = ghosts();
      return { ...snapshot, rounds: [...snapshot.rounds, { number: 900, startedAt: instant(snapshot.date, 1), endedAt: instant(snapshot.date, 2), lineUp: [{ court: 20, teamA: [a, b], teamB: [c, d] }] }] };
    }
    case 'round-twice': {
      const round = { number: 901, startedAt: instant(snapshot.date, 1), endedAt: instant(snapshot.date, 2), lineUp: [] };
      return { ...snapshot, rounds: [...snapshot.rounds, round, round] };
    }
    case 'moved-date':
      return { ...snapshot, date: snapshot.date === dayOf(run, 0) ? dayOf(run, 1) : dayOf(run, 0) };
    case 'person-twice': {
      const id = someone();
      return { ...snapshot, people: [...snapshot.people.filter((person) => person.id !== id), { id, name: 'Twice', levelId: null }, { id, name: 'Twice', levelId: null }] };
    }
    case 'name-not-on-court':
    case 'blank-name': {
      const [a, b, c, d] = ghosts();
      const names = fault === 'blank-name' ? { [a]: '   ' } : { [a]: 'Ada', [made(run, 'g')]: 'Nobody on court' };
      return { ...snapshot, rounds: [...snapshot.rounds, { number: 902, startedAt: instant(snapshot.date, 1), endedAt: instant(snapshot.date, 2), lineUp: [{ court: 1, teamA: [a, b], teamB: [c, d] }], names }] };
    }
    case 'sitting-out-on-court': {
      const [a, b, c, d] = snapshot.people.map((person) => person.id);
      if (!a || !b || !c || !d) return { ...snapshot, sittingOut: [made(run, 'g')] };
      return { ...snapshot, courts: Math.max(1, snapshot.courts), lineUp: [{ court: 1, teamA: [a, b], teamB: [c, d] }], sittingOut: [a] };
    }
    case 'not-on-sheet': {
      const [a, b, c, d] = ghosts();
      return { ...snapshot, lineUp: [{ court: 1, teamA: [a, b], teamB: [c, d] }], courts: Math.max(1, snapshot.courts) };
    }
    default:
      return fault satisfies never;
  }
}
