import t from 'tap';
import { DomainError } from '../shared/events.ts';
import { type EventParked, parkedAggregate, parkEvent, parsedParkRecords } from './parked.ts';

const record: EventParked = {
  projection: 'gym',
  position: '1234/56',
  stream: 'gym.workout-w1',
  revision: 3,
  eventId: 'e1',
  eventType: 'set-ticked',
  reason: '  hand edit without fields ',
  parkedAt: '2026-11-26T07:00:00.000Z',
};

t.test('given no park record, parking an event records it with the reason trimmed', async (t) => {
  t.same(parkEvent(parkedAggregate.initialState, record), [{ type: 'event-parked', data: { ...record, reason: 'hand edit without fields' } }]);
});

t.test('given the event parked already, parking it again is refused', async (t) => {
  const state = { parked: parsedParkRecords([{ type: 'event-parked', data: record, metadata: { schemaVersion: 1 } }]) };
  t.throws(() => parkEvent(state, { ...record, reason: 'again' }), new DomainError('ALREADY_PARKED', 'event 1234/56 is already parked for projection gym'));
  t.same(parkEvent(state, { ...record, position: '1234/57', reason: 'another' }).length, 1, 'another event of the same stream may be parked');
});

t.test('a park without a reason is refused', async (t) => {
  t.throws(() => parkEvent(parkedAggregate.initialState, { ...record, reason: '   ' }), { code: 'REASON_REQUIRED' });
});
