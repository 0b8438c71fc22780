import t from 'tap';
import { createSessionCache } from './session-cache.ts';

const entry = (userId: string, id = `id-of-${userId}`) => ({ id, service: 'gym' as const, userId, createdAt: 0, expiresAt: 1 });

t.test('nothing is held before hearing starts, nor while it is lost', async (t) => {
  const cache = createSessionCache();
  cache.put('a', entry('u1'), cache.ticket());
  t.equal(cache.get('a'), undefined, 'not listening yet: not kept');
  cache.trust(true);
  cache.put('a', entry('u1'), cache.ticket());
  t.same(cache.get('a'), entry('u1'), 'kept while listening');
  cache.trust(false);
  t.equal(cache.get('a'), undefined, 'the connection lost: nothing served');
  cache.trust(true);
  t.equal(cache.get('a'), undefined, 'listening again: what was held before is gone, a revocation may have been missed');
});

t.test('a revocation heard while a row was being read keeps that row out', async (t) => {
  const cache = createSessionCache();
  cache.trust(true);
  const ticket = cache.ticket();
  cache.heard('id-a');
  cache.put('token-a', entry('u1', 'id-a'), ticket);
  t.equal(cache.get('token-a'), undefined, 'the read began before the revocation');
  cache.put('token-a', entry('u1', 'id-a'), cache.ticket());
  t.ok(cache.get('token-a'), 'a read after it is kept');
  cache.heard('id-a');
  t.equal(cache.get('token-a'), undefined, 'heard by its stored id: dropped');
});

t.test("a user's sessions are dropped together; others stay", async (t) => {
  const cache = createSessionCache();
  cache.trust(true);
  for (const [token, user] of [['a', 'u1'], ['b', 'u1'], ['c', 'u2']] as const) cache.put(token, entry(user, `id-${token}`), cache.ticket());
  cache.dropUser('u1');
  t.same([cache.get('a'), cache.get('b'), cache.get('c')?.userId], [undefined, undefined, 'u2']);
});

t.test('at most 20,000 are held; the least recently used goes first', async (t) => {
  const cache = createSessionCache();
  cache.trust(true);
  for (let i = 0; i < 20_000; i++) cache.put(`s${i}`, entry('u', `id-s${i}`), cache.ticket());
  t.ok(cache.get('s0'), 's0 used again');
  cache.put('new', entry('u', 'id-new'), cache.ticket());
  t.ok(cache.get('s0'), 'kept: it was used');
  t.equal(cache.get('s1'), undefined, 'the least recent is gone');
  t.ok(cache.get('new'));
});
