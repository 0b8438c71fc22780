import t from 'tap';
import { createTestDatabase } from '../../testing/database.ts';
import { eventStoreContract } from './contract.ts';
import { createEsdbEventStore } from './esdb.ts';
import { createActorFence, ERASED_USERS_DDL } from './fence.ts';

const url = process.env.EVENTSTORE_URL;
if (url) {
  // the erasure fence lives in PostgreSQL whichever store keeps the log
  const db = await createTestDatabase(t, 5);
  await db.pool.query(ERASED_USERS_DDL);
  t.test('contract', async (t) => {
    eventStoreContract(t, async () => createEsdbEventStore(url, { fence: createActorFence(db.pool) }), { deletedEventsLeaveTheLog: false });
  });
} else {
  t.test('contract', { skip: 'EVENTSTORE_URL is not set, so there is no EventStoreDB server to test against' }, () => {});
}
