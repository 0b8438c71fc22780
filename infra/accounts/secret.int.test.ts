import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { loadSessionSecret } from './secret.ts';

t.test('without SESSION_SECRET one is generated once, kept in the data folder and reused', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'secret-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const first = await loadSessionSecret(undefined, dir);
  t.equal(first.generated, true, 'the caller is told to warn');
  t.ok(first.secret.length >= 32);
  t.equal((await readFile(path.join(dir, 'session-secret'), 'utf8')).trim(), first.secret);
  t.equal((await stat(path.join(dir, 'session-secret'))).mode & 0o777, 0o600, 'readable by the owner only');
  const second = await loadSessionSecret(undefined, dir);
  t.equal(second.secret, first.secret, 'sessions survive a restart');
  const configured = await loadSessionSecret('a-configured-secret-of-at-least-32-chars', dir);
  t.same(configured, { secret: 'a-configured-secret-of-at-least-32-chars', generated: false });
});
