import t, { type Test } from 'tap';
import { DomainError } from '../shared/events.ts';
import { decideForm, type PatchForm } from './decide.ts';
import {
  answerValueSchema,
  evolveForm,
  type FormEvent,
  type FormPatched,
  type FormState,
  initialFormState,
  MAX_PATCH_KEYS,
  parseFormEvent,
} from './form.ts';

const T1 = '2025-03-01T10:00:00.000Z';
const T2 = '2025-03-01T10:05:00.000Z';
const T3 = '2025-03-01T10:09:00.000Z';

/** given the past events, when the command is decided and its events folded, then the state is */
function spec(given: readonly FormEvent[]) {
  const state = given.reduce(evolveForm, initialFormState);
  return {
    when(command: Omit<PatchForm, 'type'>) {
      const run = (): { events: FormEvent[]; state: FormState } => {
        const events = decideForm({ type: 'patch-form', ...command }, state);
        return { events, state: events.reduce(evolveForm, state) };
      };
      return {
        then(tap: Test, expected: { events?: FormEvent[]; state: FormState }): void {
          const result = run();
          if (expected.events) tap.same(result.events, expected.events, 'events');
          tap.same(result.state, expected.state, 'state');
        },
        thenThrows(tap: Test, code: string): void {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          tap.type(thrown, DomainError, 'throws a DomainError');
          tap.match(thrown, { code }, `with code ${code}`);
        },
      };
    },
  };
}

const patched = (data: Partial<FormPatched> & { patchedAt: string }): FormEvent => ({
  type: 'form-patched',
  data: { answers: {}, notes: {}, ...data },
});

const keys = (count: number, prefix = 'q'): Record<string, string> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, 'x']));

t.test('a first patch on an empty form creates version 1 with only what was sent', async (t) => {
  spec([])
    .when({ answers: { q1: 'yes' }, notes: { q1: 'why' }, now: T1 })
    .then(t, {
      events: [patched({ answers: { q1: 'yes' }, notes: { q1: 'why' }, patchedAt: T1 })],
      state: { answers: { q1: 'yes' }, notes: { q1: 'why' }, respondent: '', summary: '', version: 1, updatedAt: T1 },
    });
});

t.test('sent answer keys replace stored ones; the others stay', async (t) => {
  spec([patched({ answers: { q1: 'a', q2: ['x', 'y'] }, patchedAt: T1 })])
    .when({ answers: { q2: ['z'], q3: { row1: 'c1' } }, notes: {}, now: T2 })
    .then(t, {
      state: {
        answers: { q1: 'a', q2: ['z'], q3: { row1: 'c1' } },
        notes: {},
        respondent: '',
        summary: '',
        version: 2,
        updatedAt: T2,
      },
    });
});

t.test('notes merge the same way as answers, independently of them', async (t) => {
  spec([patched({ answers: { q1: 'a' }, notes: { n1: 'first', n2: 'keep' }, patchedAt: T1 })])
    .when({ answers: {}, notes: { n1: 'second', n3: 'new' }, now: T2 })
    .then(t, {
      state: {
        answers: { q1: 'a' },
        notes: { n1: 'second', n2: 'keep', n3: 'new' },
        respondent: '',
        summary: '',
        version: 2,
        updatedAt: T2,
      },
    });
});

t.test('the respondent is replaced only when sent', async (t) => {
  const given = [patched({ respondent: 'Ada', patchedAt: T1 })];
  t.test('not sent: kept', async (t) => {
    spec(given)
      .when({ answers: { q1: 'a' }, notes: {}, now: T2 })
      .then(t, {
        events: [patched({ answers: { q1: 'a' }, patchedAt: T2 })],
        state: { answers: { q1: 'a' }, notes: {}, respondent: 'Ada', summary: '', version: 2, updatedAt: T2 },
      });
  });
  t.test('sent: replaced', async (t) => {
    spec(given)
      .when({ answers: {}, notes: {}, respondent: 'Grace', now: T2 })
      .then(t, {
        events: [patched({ respondent: 'Grace', patchedAt: T2 })],
        state: { answers: {}, notes: {}, respondent: 'Grace', summary: '', version: 2, updatedAt: T2 },
      });
  });
  t.test('sent empty: replaced by the empty string', async (t) => {
    spec(given)
      .when({ answers: {}, notes: {}, respondent: '', now: T2 })
      .then(t, { state: { answers: {}, notes: {}, respondent: '', summary: '', version: 2, updatedAt: T2 } });
  });
});

t.test('the summary is replaced only when sent', async (t) => {
  const given = [patched({ summary: 'first take', patchedAt: T1 })];
  t.test('not sent: kept', async (t) => {
    spec(given)
      .when({ answers: {}, notes: {}, now: T2 })
      .then(t, { state: { answers: {}, notes: {}, respondent: '', summary: 'first take', version: 2, updatedAt: T2 } });
  });
  t.test('sent: replaced', async (t) => {
    spec(given)
      .when({ answers: {}, notes: {}, summary: 'second take', now: T2 })
      .then(t, {
        events: [patched({ summary: 'second take', patchedAt: T2 })],
        state: { answers: {}, notes: {}, respondent: '', summary: 'second take', version: 2, updatedAt: T2 },
      });
  });
});

t.test('every patch increments the version, an empty one too, and its time becomes updatedAt', async (t) => {
  spec([patched({ answers: { q1: 'a' }, patchedAt: T1 }), patched({ patchedAt: T2 })])
    .when({ answers: {}, notes: {}, now: T3 })
    .then(t, {
      events: [patched({ patchedAt: T3 })],
      state: { answers: { q1: 'a' }, notes: {}, respondent: '', summary: '', version: 3, updatedAt: T3 },
    });
});

t.test('patch size: at most 300 keys, answers and notes together', async (t) => {
  t.equal(MAX_PATCH_KEYS, 300);
  t.test('exactly 300 keys is accepted', async (t) => {
    const answers = keys(200, 'a');
    const notes = keys(100, 'n');
    spec([])
      .when({ answers, notes, now: T1 })
      .then(t, { state: { answers, notes, respondent: '', summary: '', version: 1, updatedAt: T1 } });
  });
  t.test('301 answer keys are refused with PATCH_TOO_LARGE', async (t) => {
    spec([]).when({ answers: keys(301), notes: {}, now: T1 }).thenThrows(t, 'PATCH_TOO_LARGE');
  });
  t.test('200 answers and 101 notes are refused with PATCH_TOO_LARGE', async (t) => {
    spec([patched({ patchedAt: T1 })])
      .when({ answers: keys(200, 'a'), notes: keys(101, 'n'), now: T2 })
      .thenThrows(t, 'PATCH_TOO_LARGE');
  });
});

t.test('answerValueSchema', async (t) => {
  const accepts = (value: unknown): boolean => answerValueSchema.safeParse(value).success;
  t.ok(accepts('free text'), 'a string');
  t.ok(accepts(''), 'an empty string');
  t.ok(accepts(['a', 'b']), 'a list of strings');
  t.ok(accepts([]), 'an empty list');
  t.ok(accepts({ row1: 'col1', row2: 'col2' }), 'an object of strings (a grid)');
  t.notOk(accepts(42), 'a number');
  t.notOk(accepts(true), 'a boolean');
  t.notOk(accepts(null), 'null');
  t.notOk(accepts({ row1: { nested: 'x' } }), 'a nested object');
  t.notOk(accepts([1, 2]), 'a list of numbers');
  t.notOk(accepts(['a', 2]), 'a list mixing strings and numbers');
  t.notOk(accepts([['a']]), 'a list of lists');
});

t.test('parseFormEvent', async (t) => {
  const data = { answers: { q1: 'a' }, notes: {}, patchedAt: T1 };
  t.same(parseFormEvent('form-patched', data, 1), { type: 'form-patched', data }, 'reads form-patched v1');
  t.throws(() => parseFormEvent('form-deleted', data, 1), /unknown form event form-deleted v1/, 'an unknown type');
  t.throws(() => parseFormEvent('form-patched', data, 2), /unknown form event form-patched v2/, 'an unknown version');
  t.throws(() => parseFormEvent('form-patched', { ...data, answers: { q1: 1 } }, 1), 'a payload not matching v1');
});
