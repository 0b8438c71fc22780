import t from 'tap';
import { addPerson, endRound, type Night, shuffleNight, startTimer } from './night.ts';
import { initialState, SAVE_DEBOUNCE_MS, shownNight, step, type SyncEffect, type SyncEvent, type SyncState } from './night-sync-model.ts';
import { createRandom } from '../../domain/club/random.ts';
import { at, emptyNight, person as clubPerson } from './test-night.ts';

const person = (index: number) => clubPerson(index, 'strong');
const server = emptyNight({ version: 3, people: [person(0), person(1), person(2), person(3)] });

/** Runs events in order; each step gets a fresh id s1, s2, …; answers the last state and every effect. */
function run(events: readonly SyncEvent[], from: SyncState = initialState('s0')) {
  let state = from;
  const effects: SyncEffect[] = [];
  let counter = 0;
  for (const event of events) {
    const next = step(state, event, `s${++counter}`);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects, sends: effects.filter((effect) => effect.type === 'send') };
}

const opened = run([{ type: 'loaded', kept: null }, { type: 'server-copy', night: server }]).state;

t.test('an edit is sent 1 s after the last change, with the version it started from, kept first', async (t) => {
  const first = run([{ type: 'edited', night: addPerson(server, person(4)), now: 0 }], opened);
  t.same(first.effects, [
    { type: 'keep', kept: { night: first.state.night, unsent: true, snapshotId: opened.snapshotId, base: server, edits: 1 } },
    { type: 'wake', at: SAVE_DEBOUNCE_MS },
  ]);
  t.equal(first.state.badge, 'saving');
  const second = run([{ type: 'edited', night: addPerson(first.state.night!, person(5)), now: 500 }, { type: 'due', now: 1_000 }], first.state);
  t.same(second.sends, [], 'the first wake finds the debounce moved on');
  t.same(second.effects.at(-1), { type: 'wake', at: 1_500 });
  const sent = run([{ type: 'due', now: 1_500 }], second.state);
  t.equal(sent.sends.length, 1);
  t.match(sent.sends[0], { type: 'send', keepalive: false, body: { version: 3, snapshotId: opened.snapshotId } });
  t.same(sent.sends[0]!.type === 'send' && sent.sends[0]!.body.people.map((present) => present.name), ['P0', 'P1', 'P2', 'P3', 'P4', 'P5']);
});

t.test('the server’s copy read while a change waits for its debounce does not send it early', async (t) => {
  const loading = run([{ type: 'loaded', kept: null }]).state;
  // the phone's first read of the night answers late, after the first tap of a run
  const tapped = run([{ type: 'server-copy', night: server }, { type: 'edited', night: addPerson(server, person(4)), now: 0 }], loading);
  const late = run([{ type: 'server-copy', night: server }, { type: 'server-copy-failed', reason: 'no-answer' }], tapped.state);
  t.same(late.sends, [], 'nothing goes before the debounce ends');
  const next = run([{ type: 'edited', night: addPerson(addPerson(server, person(4)), person(5)), now: 500 }, { type: 'due', now: 1_500 }], late.state);
  t.same(next.sends.map((each) => each.type === 'send' && each.body.people.length), [6], 'then one save of the whole run');
});

t.test('an answer makes the copy saved on the new version, with a new snapshot id', async (t) => {
  const { state } = run([{ type: 'edited', night: addPerson(server, person(4)), now: 0 }, { type: 'due', now: 1_000 }, { type: 'saved', version: 4 }], opened);
  t.match(state, { badge: 'saved', unsent: false, base: null, sending: null });
  t.equal(state.night?.version, 4);
  t.not(state.snapshotId, opened.snapshotId);
});

t.test('a change made while a save is on its way goes next, built on what was saved', async (t) => {
  const { state, sends } = run(
    [
      { type: 'edited', night: addPerson(server, person(4)), now: 0 },
      { type: 'due', now: 1_000 },
      { type: 'edited', night: addPerson(addPerson(server, person(4)), person(5)), now: 1_100 },
      { type: 'due', now: 2_100 },
      { type: 'saved', version: 4 },
    ],
    opened,
  );
  t.equal(sends.length, 2, 'one save at a time: the second goes on the first answer');
  t.match(sends[1], { body: { version: 4 } });
  t.equal(state.base?.people.length, 5, 'its base is the night as saved');
  t.equal(state.badge, 'saving');
});

t.test('no answer: Offline (will sync); a retry sends the same snapshot id again', async (t) => {
  const { state, sends } = run([{ type: 'edited', night: addPerson(server, person(4)), now: 0 }, { type: 'due', now: 1_000 }, { type: 'no-answer' }, { type: 'retry' }], opened);
  t.equal(sends.length, 2);
  t.equal(sends[0]!.type === 'send' && sends[1]!.type === 'send' && sends[0]!.body.snapshotId === sends[1]!.body.snapshotId, true);
  t.equal(state.badge, 'saving');
  t.equal(run([{ type: 'no-answer' }], state).state.badge, 'offline');
});

t.test('each send of one snapshot id carries a higher snapshotSeq than the one before, across a reload', async (t) => {
  // the phone gives up on its first send, changes the night, and sends again under the same id
  const first = run([{ type: 'edited', night: addPerson(server, person(4)), now: 0 }, { type: 'due', now: 1_000 }, { type: 'no-answer' }], opened);
  const second = run([{ type: 'edited', night: addPerson(first.state.night!, person(5)), now: 2_000 }, { type: 'due', now: 3_000 }, { type: 'no-answer' }], first.state);
  const [older] = first.sends;
  const [newer] = second.sends;
  if (older?.type !== 'send' || newer?.type !== 'send') throw new Error('two sends expected');
  t.equal(newer.body.snapshotId, older.body.snapshotId, 'the same change on top of version 3');
  t.equal(older.body.snapshotSeq, 1);
  t.equal(newer.body.snapshotSeq, 2, 'the newer copy is later in order, whichever reaches the server first');
  t.same(run([{ type: 'retry' }], second.state).sends.map((each) => each.type === 'send' && each.body.snapshotSeq), [2], 'the same copy sent again keeps its place');

  // a reload keeps the count with the copy in IndexedDB, so the next change is not taken for an older copy
  const kept = [...first.effects, ...second.effects].filter((effect) => effect.type === 'keep').at(-1);
  if (kept?.type !== 'keep') throw new Error('a kept copy expected');
  const reloaded = run([{ type: 'loaded', kept: kept.kept }, { type: 'retry' }], initialState('s0'));
  t.same(reloaded.sends.map((each) => each.type === 'send' && [each.body.snapshotId, each.body.snapshotSeq]), [[older.body.snapshotId, 2]]);
  const after = run([{ type: 'no-answer' }, { type: 'edited', night: addPerson(reloaded.state.night!, person(6)), now: 0 }, { type: 'due', now: 1_000 }], reloaded.state);
  t.same(after.sends.map((each) => each.type === 'send' && each.body.snapshotSeq), [3]);
  // a copy kept by an older build has no count: counting starts again, as the server had no order for it
  const { edits: _edits, ...olderBuild } = kept.kept;
  t.same(run([{ type: 'loaded', kept: olderBuild }, { type: 'retry' }], initialState('s0')).sends.map((each) => each.type === 'send' && each.body.snapshotSeq), [0]);
});

t.test('a phone whose last kept copy was lost sends an older night: the 409 brings it onto the newer one, with nothing left to send', async (t) => {
  // P4 then P5 were added and saved as version 4; the tab was killed before the copy with P5 was kept
  const withP4 = run([{ type: 'edited', night: addPerson(server, person(4)), now: 0 }], opened);
  const kept = withP4.effects.find((effect) => effect.type === 'keep');
  if (kept?.type !== 'keep') throw new Error('a kept copy expected');
  const onServer: Night = { ...addPerson(addPerson(server, person(4)), person(5)), version: 4 };
  const { state, sends } = run([{ type: 'loaded', kept: kept.kept }, { type: 'retry' }, { type: 'conflict', current: onServer }], initialState('s0'));
  t.equal(sends.length, 1, 'the merge is the server’s night: nothing more to send');
  // the phone cannot tell its own lost change from another phone's: it says what came in
  t.match(state, { badge: 'saved', unsent: false, conflict: { merged: ['P5 was added on the other phone.'], notApplied: [] } });
  t.same(state.night?.people.map((present) => present.name), ['P0', 'P1', 'P2', 'P3', 'P4', 'P5'], 'the phone shows the newer night, P5 included');
  t.equal(state.night?.version, 4);
});

t.test('leaving sends the change waiting for its debounce at once, with keepalive', async (t) => {
  const { sends, state } = run([{ type: 'edited', night: addPerson(server, person(4)), now: 0 }, { type: 'leaving' }], opened);
  t.match(sends, [{ type: 'send', keepalive: true, body: { version: 3 } }]);
  t.equal(state.dueAt, null);
  t.same(run([{ type: 'leaving' }], opened).sends, [], 'nothing waits: nothing goes');
});

/** The two phones: the other phone added P9 and filed round 1 on version 3; this phone added P4. */
const drawn = shuffleNight({ ...server, people: [...server.people, person(6), person(7), person(8), person(10)] }, createRandom(1));
if (!drawn.ok) throw new Error(drawn.reason);
const shared = { ...drawn.night, version: 3 };
const theirs: Night = { ...endRound(startTimer(addPerson(shared, person(9)), at(10)), at(20)), version: 4 };
const fromShared = run([{ type: 'loaded', kept: null }, { type: 'server-copy', night: shared }]).state;

t.test('a 409 merges their copy with this phone’s and saves the merge on top of their version', async (t) => {
  const { state, sends } = run([{ type: 'edited', night: addPerson(shared, person(4)), now: 0 }, { type: 'due', now: 1_000 }, { type: 'conflict', current: theirs }], fromShared);
  t.equal(sends.length, 2);
  t.match(sends[1], { type: 'send', body: { version: 4 } });
  t.not(sends[1]!.type === 'send' && sends[1]!.body.snapshotId, fromShared.snapshotId, 'a new snapshot id on the new version');
  t.same(state.night?.people.map((present) => present.name).slice(-2), ['P9', 'P4'], 'both newcomers');
  t.same(state.night?.rounds.map((round) => round.number), [1], 'their round');
  t.same(state.conflict?.merged, ['P9 was added on the other phone.', 'Round 1 was filed on the other phone.', 'The line-up is the other phone’s.', 'The round timer is the other phone’s.']);
  t.same(state.conflict?.notApplied, []);
  t.equal(state.base, theirs, 'the next merge starts from their copy');
  t.equal(state.badge, 'saving');

  const again: Night = { ...addPerson(theirs, person(11)), version: 5 };
  const looped = run([{ type: 'conflict', current: again }, { type: 'saved', version: 6 }], state);
  t.match(looped.sends, [{ body: { version: 5 } }], 'another 409: merged again on the newer copy');
  t.same(looped.state.night?.people.map((present) => present.name).slice(-3), ['P9', 'P11', 'P4']);
  t.match(looped.state, { badge: 'saved', unsent: false });
  t.equal(looped.state.conflict?.merged.length, 5, 'the banner keeps what both merges combined');
});

t.test('their copy is shown before Keep theirs drops anything, and Keep theirs saves their night', async (t) => {
  const merged = run([{ type: 'edited', night: addPerson(shared, person(4)), now: 0 }, { type: 'due', now: 1_000 }, { type: 'conflict', current: theirs }, { type: 'saved', version: 5 }], fromShared).state;
  t.same(run([{ type: 'keep-theirs' }], merged).state, merged, 'not from the combined copy');
  const looking = run([{ type: 'show-theirs' }], merged).state;
  t.equal(shownNight(looking), theirs, 'their copy is what the screen shows');
  t.same(run([{ type: 'edited', night: addPerson(theirs, person(12)), now: 2_000 }], looking).state, looking, 'read-only while shown');
  const kept = run([{ type: 'keep-theirs' }], looking);
  t.match(kept.sends, [{ body: { version: 5 } }]);
  t.same(kept.sends[0]!.type === 'send' && kept.sends[0]!.body.people.map((present) => present.id), theirs.people.map((present) => present.id));
  t.equal(kept.state.conflict, null);
});

t.test('the opening rule: the server’s copy is ignored while this phone holds something unsent', async (t) => {
  const edited = run([{ type: 'edited', night: addPerson(server, person(4)), now: 0 }], opened).state;
  const { state } = run([{ type: 'server-copy', night: { ...server, version: 9 } }], edited);
  t.equal(state.night?.people.length, 5);
  t.equal(state.night?.version, 3);
  t.equal(run([{ type: 'server-copy', night: { ...server, version: 9 } }], opened).state.night?.version, 9, 'with nothing unsent it is taken');
});

t.test('closed on the other phone: nothing is sent; reopening sends the changes merged on top', async (t) => {
  const closed: Night = { ...shared, status: 'closed', version: 4 };
  const { state, sends } = run([{ type: 'edited', night: addPerson(shared, person(4)), now: 0 }, { type: 'due', now: 1_000 }, { type: 'conflict', current: closed }], fromShared);
  t.equal(sends.length, 1, 'only the save that met the close');
  t.match(state, { badge: 'failed', unsent: true, conflict: { closed: true } });
  const reopened = run([{ type: 'replaced', night: { ...shared, status: 'open', version: 5 } }], state);
  t.match(reopened.sends, [{ body: { version: 5 } }]);
  t.ok(reopened.sends[0]!.type === 'send' && reopened.sends[0]!.body.people.some((present) => present.id === person(4).id));
});

t.test('a retry moment with nothing waiting reads the server’s copy, and a newer one is taken', async (t) => {
  const idle = run([{ type: 'retry' }], opened);
  t.same(idle.effects, [{ type: 'read-server-copy' }]);
  const newer = { ...addPerson(server, person(4)), version: 4 };
  t.equal(run([{ type: 'server-copy', night: newer }], opened).state.night, newer);
  const same = run([{ type: 'server-copy', night: { ...server } }], opened);
  t.same(same.state, opened, 'the same version again changes nothing');
  t.same(same.effects, [], 'nothing kept, nothing sent');
  const waiting = run([{ type: 'edited', night: addPerson(server, person(4)), now: 0 }, { type: 'retry' }], opened);
  t.same(
    waiting.effects.filter((effect) => effect.type === 'read-server-copy' || effect.type === 'send'),
    [],
    'a change waiting for its debounce is left to it',
  );
});
