// The outbox's decisions without a browser: the order commands go in, what a newer command under a
// waiting key does, and what an answer (or its absence) does to the one sent.
import t from 'tap';
import fc from 'fast-check';
import { type Command, enqueue, type NewCommand, nextToSend, retryRefused, settle } from './outbox-model.ts';

const made = (key: string, id: string, body: unknown = null): NewCommand => ({ key, id, madeAt: `2026-11-27T10:00:0${id.length % 10}.000Z`, method: 'POST', path: `/api/${key}`, body });
const refusal = { status: 422, code: 'TOO_LATE', message: 'This night is already closed' };

t.test('commands go one at a time, oldest first; a refused one waits for the person and does not block the rest', async (t) => {
  let commands = enqueue(enqueue(enqueue([], made('a', 'a1')), made('b', 'b1')), made('c', 'c1'));
  t.equal(nextToSend(commands)?.key, 'a');
  commands = settle(commands, nextToSend(commands)!, { kind: 'refused', refusal });
  t.equal(nextToSend(commands)?.key, 'b', 'the refused one is skipped');
  t.same(commands.find((command) => command.key === 'a')?.refusal, refusal, 'and kept, with what the server said');
  commands = retryRefused(commands);
  t.equal(nextToSend(commands)?.key, 'a', 'a retry puts it back in its place');
});

t.test('no answer: the command stays first and counts the try; accepted: it leaves', async (t) => {
  let commands = enqueue(enqueue([], made('a', 'a1')), made('b', 'b1'));
  const sent = nextToSend(commands)!;
  commands = settle(commands, sent, { kind: 'no-answer' });
  t.equal(nextToSend(commands)?.key, 'a');
  t.equal(nextToSend(commands)?.tries, 1);
  commands = settle(commands, nextToSend(commands)!, { kind: 'accepted' });
  t.same(commands.map((command) => command.key), ['b']);
});

t.test('a newer command under a waiting key replaces it in its place; one replaced while on its way stays to be sent', async (t) => {
  let commands = enqueue(enqueue([], made('set-1', 'x1', { reps: 5 })), made('set-2', 'y1'));
  const sent = nextToSend(commands)!;
  commands = enqueue(commands, made('set-1', 'x2', { reps: 6 }));
  t.same(commands.map((command) => [command.key, command.id]), [['set-1', 'x2'], ['set-2', 'y1']], 'the newer body keeps the first place');
  commands = settle(commands, sent, { kind: 'accepted' });
  t.equal(nextToSend(commands)?.id, 'x2', 'the answer to the older body does not remove the newer one');
});

t.test('whatever happens to them, the commands stay in the order they were made and no key appears twice', async (t) => {
  const step = fc.oneof(
    fc.record({ kind: fc.constant('make' as const), key: fc.constantFrom('a', 'b', 'c', 'd') }),
    fc.record({ kind: fc.constantFrom('accepted' as const, 'no-answer' as const, 'refused' as const, 'retry' as const) }),
  );
  fc.assert(
    fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
      let commands: Command[] = [];
      let counter = 0;
      for (const each of steps) {
        if (each.kind === 'make') commands = enqueue(commands, made(each.key, `id${++counter}`));
        else if (each.kind === 'retry') commands = retryRefused(commands);
        else {
          const next = nextToSend(commands);
          if (next) commands = settle(commands, next, each.kind === 'refused' ? { kind: 'refused', refusal } : { kind: each.kind });
        }
        const keys = commands.map((command) => command.key);
        if (new Set(keys).size !== keys.length) return false;
        if (commands.some((command, index) => index > 0 && commands[index - 1]!.seq >= command.seq)) return false;
      }
      return true;
    }),
  );
});
