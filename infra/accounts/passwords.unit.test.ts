import t from 'tap';
import { passwordSchema } from '../../domain/accounts/credentials.ts';
import { argon2Hashing } from './passwords.ts';

const { hash: hashSecret, verify: verifySecret } = argon2Hashing();

t.test('the whole password counts: one changed character at the end of 200 fails (no truncation)', async (t) => {
  const password = `${'long passphrase '.repeat(12)}and then some..!`.slice(0, 200);
  t.equal(password.length, 200);
  t.ok(passwordSchema.safeParse(password).success);
  const hash = await hashSecret(password);
  t.ok(await verifySecret(hash, password));
  t.notOk(await verifySecret(hash, `${password.slice(0, 199)}?`));
  t.notOk(await verifySecret(hash, password.slice(0, 72)), 'not cut at 72 bytes as bcrypt would');
});

t.test('any Unicode is a password: spaces, accents, emoji, other scripts', async (t) => {
  for (const password of ['correct horse 🐎 battery', 'mot de passe très sûr', 'пароль без правил', '    four spaces then text']) {
    t.ok(passwordSchema.safeParse(password).success, password);
    const hash = await hashSecret(password);
    t.ok(await verifySecret(hash, password));
    t.notOk(await verifySecret(hash, `${password}x`));
  }
});

t.test("at OWASP's cost unless told, and a hash names its own cost: one made cheaper is checked all the same", async (t) => {
  const owasp = await hashSecret('correct horse battery');
  t.match(owasp, /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/, 'argon2id, 19 MiB, 2 passes, 1 lane');
  const cheap = argon2Hashing({ memoryCost: 256, timeCost: 1 });
  const quick = await cheap.hash('correct horse battery');
  t.match(quick, /^\$argon2id\$v=19\$m=256,p=1,t=1\$/);
  t.ok(await verifySecret(quick, 'correct horse battery'));
  t.ok(await cheap.verify(owasp, 'correct horse battery'));
  t.notOk(await cheap.verify(owasp, 'correct horse battery!'));
  t.notOk(await verifySecret('not a hash', 'correct horse battery'), 'a malformed hash matches nothing');
  t.match(await cheap.dummy(), /^\$argon2id\$v=19\$m=256,p=1,t=1\$/, 'the dummy costs what a real check costs');
});
