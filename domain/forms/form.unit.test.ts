import t, { type Test } from 'tap';
import { DomainError } from '../shared/events.ts';
import { decideForm, documentBytes, MAX_DOCUMENT_BYTES, type PatchForm } from './decide.ts';
import type { FormDefinition } from './definition.ts';
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

/** The questions these tests answer: q1 text, q2 a list of choices, q3 a grid. */
const DEFINITION: FormDefinition = {
  title: 'Unit',
  questions: [
    { id: 'q1', t: 'short', q: 'One' },
    { id: 'q2', t: 'many', q: 'Two', o: ['x', 'y', 'z'] },
    { id: 'q3', t: 'grid', q: 'Three', o: { rows: ['row1', 'row2'], columns: ['c1', 'c2'] } },
    { id: 'q4', t: 'long', q: 'Four' },
  ],
};
/** 150 text questions q0..q149: the most a form has, and a full patch of them is 300 keys. */
const WIDE: FormDefinition = {
  title: 'Wide',
  questions: Array.from({ length: 150 }, (_, i) => ({ id: `q${i}`, t: 'long' as const, q: `Question ${i}` })),
};

/** given the past events, when the command is decided and its events folded, then the state is */
function spec(given: readonly FormEvent[]) {
  const state = given.reduce(evolveForm, initialFormState);
  return {
    when(command: Omit<PatchForm, 'type' | 'definition'> & { definition?: FormDefinition }) {
      const run = (): { events: FormEvent[]; state: FormState } => {
        const events = decideForm({ type: 'patch-form', definition: DEFINITION, ...command }, state);
        return { events, state: events.reduce(evolveForm, state) };
      };
      return {
        // the save ids a state remembers are named where a test is about them
        then(tap: Test, expected: { events?: FormEvent[]; state: Omit<FormState, 'recentSaveIds'> & Partial<Pick<FormState, 'recentSaveIds'>> }): void {
          const result = run();
          if (expected.events) tap.same(result.events, expected.events, 'events');
          tap.same(result.state, { recentSaveIds: [], ...expected.state }, 'state');
        },
        thenThrows(tap: Test, code: string, message?: string): void {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          tap.type(thrown, DomainError, 'throws a DomainError');
          tap.match(thrown, { code }, `with code ${code}`);
          if (message !== undefined) tap.equal((thrown as Error).message, message, 'and the message');
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
  spec([patched({ answers: { q1: 'a' }, notes: { q1: 'first', q2: 'keep' }, patchedAt: T1 })])
    .when({ answers: {}, notes: { q1: 'second', q3: 'new' }, now: T2 })
    .then(t, {
      state: {
        answers: { q1: 'a' },
        notes: { q1: 'second', q2: 'keep', q3: 'new' },
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
    const answers = keys(150);
    const notes = keys(150);
    spec([])
      .when({ definition: WIDE, answers, notes, now: T1 })
      .then(t, { state: { answers, notes, respondent: '', summary: '', version: 1, updatedAt: T1 } });
  });
  t.test('301 answer keys are refused with PATCH_TOO_LARGE', async (t) => {
    spec([]).when({ definition: WIDE, answers: keys(301), notes: {}, now: T1 }).thenThrows(t, 'PATCH_TOO_LARGE');
  });
  t.test('200 answers and 101 notes are refused with PATCH_TOO_LARGE', async (t) => {
    spec([patched({ patchedAt: T1 })])
      .when({ definition: WIDE, answers: keys(150), notes: keys(151), now: T2 })
      .thenThrows(t, 'PATCH_TOO_LARGE');
  });
});

t.test('a question the form does not have is QUESTION_UNKNOWN, naming it, in answers or notes', async (t) => {
  spec([]).when({ answers: { q1: 'a', q9: 'b' }, notes: {}, now: T1 }).thenThrows(t, 'QUESTION_UNKNOWN', 'answers.q9: this form has no question q9');
  spec([]).when({ answers: {}, notes: { q1: 'a', extra: 'b' }, now: T1 }).thenThrows(t, 'QUESTION_UNKNOWN', 'notes.extra: this form has no question extra');
});

t.test('a value its question does not take is ANSWER_INVALID, naming the field', async (t) => {
  spec([]).when({ answers: { q1: ['x'] }, notes: {}, now: T1 }).thenThrows(t, 'ANSWER_INVALID', 'answers.q1: the answer to this question is text (a string)');
  spec([]).when({ answers: { q2: ['w'] }, notes: {}, now: T1 }).thenThrows(t, 'ANSWER_INVALID', 'answers.q2: "w" is not an option of this question');
  spec([]).when({ answers: { q3: { row3: 'c1' } }, notes: {}, now: T1 }).thenThrows(t, 'ANSWER_INVALID', 'answers.q3: "row3" is not a row of this grid');
  spec([]).when({ answers: {}, notes: { q2: ['x'] }, now: T1 }).thenThrows(t, 'ANSWER_INVALID', 'notes.q2: a note is text (a string)');
});

t.test('the stored document is capped at 10,240 bytes of UTF-8 JSON', async (t) => {
  t.equal(MAX_DOCUMENT_BYTES, 10_240);
  const empty = documentBytes(initialFormState);
  t.equal(empty, JSON.stringify({ respondent: '', answers: {}, notes: {}, summary: '' }).length, 'measured on the four fields');
  // q4: "…" adds its quotes, key and colon to the empty document
  const overhead = documentBytes({ ...initialFormState, answers: { q4: '' } });
  const fill = (bytes: number): string => 'x'.repeat(bytes - overhead);

  t.test('a save that makes it exactly 10,240 bytes is accepted', async (t) => {
    const answers = { q4: fill(MAX_DOCUMENT_BYTES) };
    t.equal(documentBytes({ ...initialFormState, answers }), MAX_DOCUMENT_BYTES);
    spec([]).when({ answers, notes: {}, now: T1 }).then(t, { state: { ...initialFormState, answers, version: 1, updatedAt: T1 } });
  });
  t.test('one byte more is DOCUMENT_TOO_LARGE, saying the limit and the size', async (t) => {
    spec([])
      .when({ answers: { q4: fill(MAX_DOCUMENT_BYTES + 1) }, notes: {}, now: T1 })
      .thenThrows(
        t,
        'DOCUMENT_TOO_LARGE',
        'a form holds at most 10,240 bytes (respondent, answers, notes and summary as UTF-8 JSON); this save would make it 10,241',
      );
  });
  t.test('bytes, not characters: a multi-byte character counts for its UTF-8 length', async (t) => {
    // 'é' is 2 bytes: fewer characters than the cap's bytes, yet over it
    const count = Math.floor((MAX_DOCUMENT_BYTES - overhead) / 2) + 1;
    const answers = { q4: 'é'.repeat(count) };
    t.ok(overhead + count < MAX_DOCUMENT_BYTES, 'under the cap counted in characters');
    t.ok(documentBytes({ ...initialFormState, answers }) > MAX_DOCUMENT_BYTES, 'over it in bytes');
    spec([]).when({ answers, notes: {}, now: T1 }).thenThrows(t, 'DOCUMENT_TOO_LARGE');
  });
  t.test('the whole document counts: a small patch on a nearly full form is refused', async (t) => {
    spec([patched({ answers: { q4: fill(MAX_DOCUMENT_BYTES) }, patchedAt: T1 })])
      .when({ answers: {}, notes: {}, respondent: 'A', now: T2 })
      .thenThrows(t, 'DOCUMENT_TOO_LARGE');
  });
  t.test('a document already over the cap (stored before it) may shrink, or stay, but not grow', async (t) => {
    const over = [patched({ answers: { q4: fill(MAX_DOCUMENT_BYTES + 500) }, patchedAt: T1 })];
    spec(over)
      .when({ answers: { q4: fill(MAX_DOCUMENT_BYTES + 100) }, notes: {}, now: T2 })
      .then(t, { state: { ...initialFormState, answers: { q4: fill(MAX_DOCUMENT_BYTES + 100) }, version: 2, updatedAt: T2 } });
    spec(over).when({ answers: {}, notes: {}, now: T2 }).then(t, { state: { ...initialFormState, answers: { q4: fill(MAX_DOCUMENT_BYTES + 500) }, version: 2, updatedAt: T2 } });
    spec(over).when({ answers: {}, notes: { q1: 'n' }, now: T2 }).thenThrows(t, 'DOCUMENT_TOO_LARGE');
  });
});

t.test('a save whose id the form remembers is a retry: nothing recorded, the version stays', async (t) => {
  const first: FormEvent = { type: 'form-patched', data: { answers: { q1: 'a' }, notes: {}, patchedAt: T1, saveId: 'save-one-1' } };
  spec([])
    .when({ answers: { q1: 'a' }, notes: {}, now: T1, saveId: 'save-one-1' })
    .then(t, { events: [first], state: { ...initialFormState, answers: { q1: 'a' }, version: 1, updatedAt: T1, recentSaveIds: ['save-one-1'] } });
  spec([first])
    .when({ answers: { q1: 'b' }, notes: {}, now: T2, saveId: 'save-one-1' })
    .then(t, { events: [], state: { ...initialFormState, answers: { q1: 'a' }, version: 1, updatedAt: T1, recentSaveIds: ['save-one-1'] } });
  spec([first])
    .when({ answers: { q1: 'b' }, notes: {}, now: T2 })
    .then(t, { state: { ...initialFormState, answers: { q1: 'b' }, version: 2, updatedAt: T2, recentSaveIds: ['save-one-1'] } });
});

t.test('a form remembers the ids of its latest 50 saves', async (t) => {
  const saves: FormEvent[] = Array.from({ length: 51 }, (_, i) => ({
    type: 'form-patched',
    data: { answers: {}, notes: {}, patchedAt: T1, saveId: `save-number-${i}` },
  }));
  const state = saves.reduce(evolveForm, initialFormState);
  t.equal(state.recentSaveIds.length, 50);
  t.equal(state.recentSaveIds[0], 'save-number-1', 'the oldest is forgotten first');
  spec(saves).when({ answers: {}, notes: {}, now: T2, saveId: 'save-number-1' }).then(t, { events: [], state });
  t.equal(decideForm({ type: 'patch-form', definition: DEFINITION, answers: {}, notes: {}, now: T2, saveId: 'save-number-0' }, state).length, 1, 'one 51 saves back is a save again');
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
