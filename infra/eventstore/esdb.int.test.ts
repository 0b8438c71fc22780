import t from 'tap';
import { eventStoreContract } from './contract.ts';
import { createEsdbEventStore } from './esdb.ts';

const url = process.env.EVENTSTORE_URL;
if (url) {
  t.test('contract', async (t) => {
    eventStoreContract(t, async () => createEsdbEventStore(url), { deletedEventsLeaveTheLog: false });
  });
} else {
  t.test('contract', { skip: 'EVENTSTORE_URL is not set, so there is no EventStoreDB server to test against' }, () => {});
}
