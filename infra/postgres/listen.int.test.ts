import { randomUUID } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import t from 'tap';
import { createTestDatabase } from '../../testing/database.ts';
import { until } from '../../testing/until.ts';
import { listenToChannels, type ListenHandlers } from './listen.ts';

const db = await createTestDatabase(t, 4);

/** handlers that keep what they were told */
const recording = () => {
  const heard: string[] = [];
  const events: string[] = [];
  const handlers: ListenHandlers = {
    onMessage: (payload) => heard.push(payload),
    onListening: () => events.push('listening'),
    onLost: () => events.push('lost'),
  };
  return { heard, events, handlers };
};

/** the backends that LISTEN on `channel` */
const listeners = async (channel: string): Promise<number[]> =>
  (await db.pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND query LIKE $1`, [`%"${channel}"%`])).rows.map((row) => row.pid);

t.test('several channels share one connection, each message goes to its own handlers, and a lost connection is opened again for all', async (t) => {
  const sessions = `sessions_${randomUUID().slice(0, 8)}`;
  const wanted = `wanted_${randomUUID().slice(0, 8)}`;
  const a = recording();
  const b = recording();
  const listening = listenToChannels(db.url, { [sessions]: a.handlers, [wanted]: b.handlers });
  t.teardown(() => listening.close());
  await until('both channels to listen', () => a.events.length === 1 && b.events.length === 1);

  const [first] = await listeners(sessions);
  t.same(await listeners(wanted), [first], 'one connection listens on both');
  await db.pool.query('SELECT pg_notify($1, $2), pg_notify($3, $4)', [sessions, 'revoked', wanted, 'gym']);
  await until('both messages', () => a.heard.length === 1 && b.heard.length === 1);
  t.same([a.heard, b.heard], [['revoked'], ['gym']], 'each channel to its own handlers');

  await db.pool.query('SELECT pg_terminate_backend($1)', [first]);
  await until('both channels to listen again', () => a.events.length === 3 && b.events.length === 3);
  // a loaded machine may not have let the terminated backend leave the server's activity yet
  await until('the old backend to exit', async () => (await db.pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [first])).rowCount === 0);
  t.same([a.events, b.events], [['listening', 'lost', 'listening'], ['listening', 'lost', 'listening']], 'both told of the loss and of the return');
  const [second] = await listeners(sessions);
  t.not(second, first, 'on a new connection');
  t.same(await listeners(wanted), [second]);
  await db.pool.query('SELECT pg_notify($1, $2)', [wanted, 'shows']);
  await until('the message after the return', () => b.heard.length === 2);
  t.same(b.heard, ['gym', 'shows']);
  t.same(a.heard, ['revoked'], 'the other channel heard nothing of it');
});

t.test('a server away for several attempts is one loss to the handlers, not one per attempt', async (t) => {
  // a server that takes each connection and drops it at once: every attempt to listen fails
  let attempts = 0;
  const dropping = createServer((socket) => {
    attempts++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => dropping.close(() => resolve())));
  const { port } = dropping.address() as AddressInfo;
  const a = recording();
  const listening = listenToChannels(`postgres://nobody:secret@127.0.0.1:${port}/none`, { away: a.handlers });
  t.teardown(() => listening.close());
  await until('three attempts', () => attempts >= 3);
  t.same(a.events, ['lost'], 'told once');
});
