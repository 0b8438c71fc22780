import t from 'tap';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { isCommonPassword, passwordSchema } from './credentials.ts';
import { FREE_FAILURES, lockAfter, LOCK_MAX_MS } from './sign-in-throttle.ts';

const COMMON = 'this password is in a list of commonly used passwords; choose another';
const refusal = (password: string): string[] => {
  const parsed = passwordSchema.safeParse(password);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

t.test('the most common breached passwords are refused, whatever their case, with the reason', async (t) => {
  for (const password of ['password', '12345678', 'PASSWORD', 'Password', 'baseball', 'iloveyou', 'qwertyuiop']) {
    t.same(refusal(password), [COMMON], password);
  }
});

t.test('the list is the shipped top 10,000, and a long unusual password passes', async (t) => {
  t.equal(COMMON_PASSWORDS.length, 10_000);
  t.equal(COMMON_PASSWORDS[0], 'password', 'most common first');
  t.ok(COMMON_PASSWORDS.every((password) => isCommonPassword(password)), 'every entry is refused');
  for (const password of ['correct horse battery', 'a brand new passphrase', 'Tr0ub4dor&3-zebra-lantern', 'ü'.repeat(8)]) {
    t.same(refusal(password), [], password);
  }
});

t.test('the length rules stay: 8 to 200 characters', async (t) => {
  t.same(refusal('1234567'), ['at least 8 characters'], 'seven characters');
  t.same(refusal('x'.repeat(201)), ['at most 200 characters']);
  t.same(refusal('unusual1'), [], 'exactly eight');
  t.same(refusal('y'.repeat(200)), [], 'exactly 200');
});

t.test('sign-in lock: none for the first four failures, then 1, 2, 4, 8 minutes, never more than 15', async (t) => {
  const minutes = Array.from({ length: 12 }, (_, index) => lockAfter(index + 1) / 60_000);
  t.same(minutes, [0, 0, 0, 0, 1, 2, 4, 8, 15, 15, 15, 15]);
  t.equal(FREE_FAILURES, 5);
  t.equal(lockAfter(1_000_000), LOCK_MAX_MS, 'a huge count stays at the cap');
});
