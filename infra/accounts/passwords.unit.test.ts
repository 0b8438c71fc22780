import t from 'tap';
import { passwordSchema } from '../../domain/accounts/credentials.ts';
import { hashSecret, verifySecret } from './passwords.ts';

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
