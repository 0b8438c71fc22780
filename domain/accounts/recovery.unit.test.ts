import { randomInt } from 'node:crypto';
import t from 'tap';
import {
  CODE_LIFETIME_MS,
  codeExpiresAt,
  decideSend,
  groupCode,
  newCode,
  normalizeCode,
  RECOVERY_FAILED,
  recoveryMail,
  SEND_WINDOW_MS,
} from './recovery.ts';

const NOW = new Date('2025-03-01T10:00:00.000Z');
const at = (ms: number): Date => new Date(NOW.getTime() + ms);
const MINUTE = 60_000;

t.test('a code is always 6 digits and keeps its leading zeros', async (t) => {
  t.equal(newCode(() => 42), '000042');
  t.equal(newCode(() => 0), '000000');
  t.equal(newCode(() => 999_999), '999999');
  t.equal(newCode(() => 123_456), '123456');
  const drawn = Array.from({ length: 2000 }, () => newCode(randomInt));
  t.same(drawn.filter((code) => !/^\d{6}$/.test(code)), [], 'no drawn code has another shape');
});

t.test('a code is drawn from the whole range [0, 1 000 000)', async (t) => {
  const asked: [number, number][] = [];
  newCode((min, max) => {
    asked.push([min, max]);
    return 7;
  });
  t.same(asked, [[0, 1_000_000]]);
});

t.test('a random source outside the range is a bug, not a short or long code', async (t) => {
  t.throws(() => newCode(() => 1_000_000), RangeError);
  t.throws(() => newCode(() => -1), RangeError);
  t.throws(() => newCode(() => 4.5), RangeError);
});

t.test('every non-digit of a typed or pasted code is stripped', async (t) => {
  t.equal(normalizeCode(' 12-34 56 '), '123456');
  t.equal(normalizeCode('123 456'), '123456');
  t.equal(normalizeCode('\t012\u00a0345\n'), '012345');
  t.equal(normalizeCode('abc'), '');
  t.equal(normalizeCode(''), '');
});

t.test('a code is shown in groups of three', async (t) => {
  t.equal(groupCode('123456'), '123 456');
  t.equal(groupCode('000042'), '000 042');
});

t.test('a code lasts 30 minutes from when it was made', async (t) => {
  t.equal(CODE_LIFETIME_MS, 30 * MINUTE);
  t.same(codeExpiresAt(NOW), at(30 * MINUTE));
});

t.test('the recovery mail', async (t) => {
  const mail = recoveryMail('012345');
  t.match(mail.subject, '012345', 'the subject carries the code');
  t.match(mail.text, '012 345', 'the body shows the code in threes');
  t.notMatch(mail.text, '012345', 'and only in threes');
  t.match(mail.text, /lasts 30 minutes/);
  t.match(mail.text, /If you did not ask to reset your password, ignore this mail/);
  t.same(recoveryMail('012345'), mail, 'the same code gives the same mail');
});

t.test('one generic failure for every way a reset can fail', async (t) => {
  t.same(RECOVERY_FAILED, { code: 'RECOVERY_FAILED', message: 'That code is wrong or has expired. Ask for a new one.' });
});

t.test('the hourly allowance: 3 codes per window, the window starting at the first send', async (t) => {
  t.test('an account that never asked may send, and its window starts now', async (t) => {
    t.same(decideSend(null, NOW), { send: true, window: { startedAt: NOW, sent: 1 } });
  });

  t.test('the second and third codes in the window count up and keep its start', async (t) => {
    t.same(decideSend({ startedAt: NOW, sent: 1 }, at(10 * MINUTE)), { send: true, window: { startedAt: NOW, sent: 2 } });
    t.same(decideSend({ startedAt: NOW, sent: 2 }, at(59 * MINUTE)), { send: true, window: { startedAt: NOW, sent: 3 } });
  });

  t.test('a fourth within the hour sends nothing and leaves the window as it was', async (t) => {
    t.same(decideSend({ startedAt: NOW, sent: 3 }, at(1)), { send: false, window: { startedAt: NOW, sent: 3 } });
    t.same(decideSend({ startedAt: NOW, sent: 3 }, at(SEND_WINDOW_MS - 1)), { send: false, window: { startedAt: NOW, sent: 3 } });
  });

  t.test('once the hour is over a new window starts at this send', async (t) => {
    t.same(decideSend({ startedAt: NOW, sent: 3 }, at(SEND_WINDOW_MS)), { send: true, window: { startedAt: at(SEND_WINDOW_MS), sent: 1 } });
    t.same(decideSend({ startedAt: NOW, sent: 1 }, at(5 * SEND_WINDOW_MS)), {
      send: true,
      window: { startedAt: at(5 * SEND_WINDOW_MS), sent: 1 },
    });
  });

  t.test('walking through a morning of requests', async (t) => {
    let window = null as Parameters<typeof decideSend>[0];
    const sent: boolean[] = [];
    for (const minute of [0, 1, 2, 3, 30, 59, 60, 61, 62, 63]) {
      const decision = decideSend(window, at(minute * MINUTE));
      sent.push(decision.send);
      window = decision.window;
    }
    t.same(sent, [true, true, true, false, false, false, true, true, true, false]);
  });
});
