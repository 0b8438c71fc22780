// Issue 32: a filed round keeps the names of the people who played in it. Rounds hold player ids; a
// person who left the night, or was deleted from People, used to lose their name in every round
// they played ("Someone who left"). The phone now files each player's name with the round.
import t from 'tap';
import { clubClient, cuid, type Night, type NightSnapshot, snapshotOf } from '../../testing/club/client.ts';
import { startTestSystem } from '../../testing/harness.ts';

const system = await startTestSystem(t);
const { call, ok } = await clubClient(system);

const settings = await ok<{ venues: Array<{ id: string }> }>('POST', '/api/venues', { name: 'Hall' }, 201);
const hall = settings.venues[0]!.id;
// Thursdays 19:00–21:30
await ok('POST', `/api/venues/${hall}/slots`, { weekday: 4, start: '19:00', end: '21:30' }, 201);

let nights = 0;
/** A night of its own on a Thursday, with four people from People. */
async function nightOfFour() {
  const date = `2026-12-${String(3 + 7 * nights++).padStart(2, '0')}`;
  const names = ['Ada', 'Ben', 'Cleo', 'Dev'];
  const ids = names.map((name) => cuid(name.toLowerCase()));
  for (const [index, id] of ids.entries()) await ok('POST', '/api/players', { id, name: names[index] }, 201);
  const night = await ok<Night>('POST', '/api/sessions', { venueId: hall, date }, 201);
  const [ada, ben, cleo, dev] = ids as [string, string, string, string];
  const court: Round['lineUp'][number] = { court: 1, teamA: [ada, dev], teamB: [ben, cleo] };
  return { night, ids, names, ada, ben, cleo, dev, court };
}

type Round = NightSnapshot['rounds'][number];

const save = (night: Night, changes: Partial<NightSnapshot>) => call('PUT', `/api/sessions/${night.id}`, snapshotOf(night, { timer: null, ...changes }));

const at = (minute: number) => `2026-12-03T19:${String(minute).padStart(2, '0')}:00.000Z`;
/** Each court of each round with its players' names as the night answers them: the filed name, else the night's, else People's. */
const roundNames = (night: Night) =>
  night.rounds.map((round) =>
    round.lineUp.map((entry) =>
      [...entry.teamA, ...entry.teamB].map((id) => round.names?.[id] ?? night.people.find((person) => person.id === id)?.name ?? night.playerNames[id] ?? 'Someone who left'),
    ),
  );

t.test('a round filed with names keeps them after a player leaves the night and after another is deleted from People', async (t) => {
  const { night, ids, ada, ben, cleo, dev, court } = await nightOfFour();
  const people = ids.map((id, index) => ({ id, name: ['Ada', 'Ben', 'Cleo', 'Dev'][index]!, levelId: null }));
  const round: Round = { number: 1, startedAt: at(0), endedAt: at(12), lineUp: [court], names: { [ada]: 'Ada', [dev]: 'Dev', [ben]: 'Ben', [cleo]: 'Cleo' } };
  let res = await save(night, { people, rounds: [round] });
  t.equal(res.statusCode, 200, res.body);

  // Ben leaves the night; Cleo leaves and is then deleted from People. The deletion is refused while
  // the read side has her in a round, so the round reaches the server after it: a phone that filed it
  // with no signal, while the desk deleted Cleo, added by mistake (she was in no saved night yet).
  const version = (res.json() as { version: number }).version;
  res = await save({ ...night, version }, { people: people.filter((person) => person.id === ada || person.id === dev), rounds: [round] });
  t.equal(res.statusCode, 200, res.body);
  let stored = await ok<Night>('GET', `/api/sessions/${night.id}`);
  t.same(stored.rounds[0]!.names, { [ada]: 'Ada', [dev]: 'Dev', [ben]: 'Ben', [cleo]: 'Cleo' }, 'Ben, gone from the night, is still named in round 1');
  t.same(roundNames(stored), [[['Ada', 'Dev', 'Ben', 'Cleo']]]);
  t.equal((await call('DELETE', `/api/players/${cleo}`)).statusCode, 409, 'someone in a filed round cannot be deleted: archive instead');

  const late = await nightOfFour();
  const lateRound: Round = { number: 1, startedAt: at(0), endedAt: at(12), lineUp: [late.court], names: { [late.ada]: 'Ada', [late.dev]: 'Dev', [late.ben]: 'Ben', [late.cleo]: 'Cleo' } };
  t.same(await ok('DELETE', `/api/players/${late.cleo}`), { ok: true }, 'Cleo, in no saved night, is deleted from People');
  res = await save(late.night, { people: late.ids.filter((id) => id !== late.cleo).map((id, index) => ({ id, name: `Here ${index}`, levelId: null })), rounds: [lateRound] });
  t.equal(res.statusCode, 200, res.body);
  stored = await ok<Night>('GET', `/api/sessions/${late.night.id}`);
  t.equal(stored.rounds[0]!.names?.[late.cleo], 'Cleo', 'the round keeps the name of someone People no longer has');
  t.equal((await call('GET', `/api/players/${late.cleo}`)).statusCode, 404, 'and the round does not bring her back to People');

  // the version history answers the names too, in every version that has the round
  const version1 = await ok<Night>('GET', `/api/sessions/${late.night.id}/versions/2`);
  t.same(version1.rounds[0]!.names, lateRound.names, 'the night at version 2 in the history names all four');
});

t.test('a round filed without names (an older build) still saves; the night answers People’s name of whoever left it', async (t) => {
  const { night, ids, ada, ben, cleo, dev, court } = await nightOfFour();
  const round: Round = { number: 1, startedAt: at(0), endedAt: at(12), lineUp: [court] };
  const res = await save(night, { people: ids.filter((id) => id !== ben).map((id) => ({ id, name: 'x', levelId: null })), rounds: [round] });
  t.equal(res.statusCode, 200, res.body);
  await ok('PATCH', `/api/players/${ben}`, { archived: true });
  const stored = await ok<Night>('GET', `/api/sessions/${night.id}`);
  t.notOk('names' in stored.rounds[0]!, 'no names were filed');
  t.same(stored.playerNames, { [ben]: 'Ben' }, 'Ben, archived and not at the night, by the name People has');
  t.same(roundNames(stored).flat(2).filter((name) => name === 'Someone who left'), [], 'nobody is "Someone who left"');
  t.ok([ada, cleo, dev].every((id) => !(id in stored.playerNames)), 'the people here are named by the night itself');
});

t.test('names are held to People’s rules and to the round’s own players: a clear 400 naming the field', async (t) => {
  const { night, ids, ada, ben, cleo, dev, court } = await nightOfFour();
  const people = ids.map((id) => ({ id, name: 'x', levelId: null }));
  const round = (names: Record<string, string>): Round => ({ number: 1, startedAt: at(0), endedAt: at(12), lineUp: [court], names });
  const refusals: Array<[string, Record<string, string>, RegExp]> = [
    ['a name for someone not on its courts', { [ada]: 'Ada', [cuid('ghost')]: 'Ghost' }, /^body\.rounds\[0\]\.names\.cghost\w+: round 1 names Ghost, who neither played it nor sat it out$/],
    ['a blank name', { [ben]: '   ' }, /rounds.*names/],
    ['a name of 101 characters', { [cleo]: 'n'.repeat(101) }, /rounds.*names/],
    ['a key that is no player id', { 'Not An Id': 'Dev' }, /rounds.*names/],
  ];
  for (const [what, names, message] of refusals) {
    const res = await save(night, { people, rounds: [round(names)] });
    t.equal(res.statusCode, 400, `${what}: 400`);
    t.match((res.json() as { message: string }).message, message, `${what}: the message names the field`);
  }
  const res = await save(night, { people, rounds: [round({ [dev]: '  Dev  ' })] });
  t.equal(res.statusCode, 200, 'a name of some of the players only is accepted');
  t.same((await ok<Night>('GET', `/api/sessions/${night.id}`)).rounds[0]!.names, { [dev]: 'Dev' }, 'trimmed, as People trims a name');
});
