// Test support for the forms read side's reference check (query-api/forms/*.reference.int.test.ts):
// what a random sequence of saves is made of: two questionnaires with every type of question, and
// saves of one or two clients at once, drawn as numbers and text that pick from the questionnaire
// when the step runs (so that a failing sequence shrinks step by step).
import fc from 'fast-check';
import { isStorableText } from '../../domain/shared/text.ts';
import type { Definition, Patch, Question } from './reference.ts';

/** Ids the questionnaire schema allows, among them keys an object-minded implementation trips on. */
const IDS = ['q1', 'q2', 'q3', 'colour', 'days', 'rating', 'x_y', 'a-b', '0', '7', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];
const KINDS = ['one', 'many', 'short', 'long', 'grid'] as const;
/** never an id, option, row or column of a generated questionnaire */
const NOT_IN_ANY = 'not-in-this-form';

/** Any text PostgreSQL stores, mostly readable so that a failing sequence can be read too. */
const text = (maxLength: number) =>
  fc
    .oneof(
      { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength }) },
    )
    .filter(isStorableText);
/** Options, rows and columns: the words of a questionnaire, keys an object-minded implementation trips on, and any text. */
const label = fc
  .oneof(
    { weight: 4, arbitrary: fc.constantFrom('Yes', 'No', 'Maybe', 'Good', 'Poor', 'Mon', 'Tue', '0', '1', 'constructor', 'toString', ' ', 'a b', 'Élan', '🏸', '"q"', '<b>') },
    { weight: 1, arbitrary: text(12) },
  )
  .filter((value) => value.length >= 1 && value !== NOT_IN_ANY);
/** options and columns are values, never keys: they may be any text, __proto__ too (a row may not: the questionnaire refuses it) */
const valueLabel = fc.oneof({ weight: 12, arbitrary: label }, { weight: 1, arbitrary: fc.constant('__proto__') });
/** a grid's row, which the questionnaire refuses as __proto__ (fast-check's text draws that key now and then on purpose) */
const rowLabel = label.filter((value) => value !== '__proto__');
const labels = (max: number, of = label) => fc.uniqueArray(of, { minLength: 1, maxLength: max });

/** what an arbitrary draws */
type Drawn<Of> = Of extends fc.Arbitrary<infer Value> ? Value : never;

const questionSpec = fc.record({
  q: fc.option(text(40).filter((value) => value.length >= 1), { nil: undefined }),
  o: labels(5, valueLabel),
  rows: labels(4, rowLabel),
  columns: labels(4, valueLabel),
});

function questionOf(id: string, kind: (typeof KINDS)[number], spec: Drawn<typeof questionSpec>): Question {
  const q = spec.q ?? `About ${id}?`;
  switch (kind) {
    case 'one':
    case 'many':
      return { id, t: kind, q, o: spec.o };
    case 'short':
    case 'long':
      return { id, t: kind, q };
    case 'grid':
      return { id, t: kind, q, o: { rows: spec.rows, columns: spec.columns } };
  }
}

/** A questionnaire with every type of question at least once, in any order (built without chain, so it shrinks). */
const definition: fc.Arbitrary<Definition> = fc
  .record({
    ids: fc.shuffledSubarray(IDS, { minLength: 8, maxLength: 8 }),
    extra: fc.array(fc.constantFrom(...KINDS), { maxLength: 3 }),
    specs: fc.array(questionSpec, { minLength: 8, maxLength: 8 }),
    turn: fc.nat(7),
    title: text(20),
    intro: fc.option(text(40), { nil: undefined }),
  })
  .map(({ ids, extra, specs, turn, title, intro }) => {
    const questions = [...KINDS, ...extra].map((kind, i) => questionOf(ids[i]!, kind, specs[i]!));
    const at = turn % questions.length;
    return { title: title === '' ? 'Form' : title, ...(intro === undefined ? {} : { intro }), questions: [...questions.slice(at), ...questions.slice(0, at)] };
  });

// A step is drawn as numbers and text that pick from its form's questionnaire when it runs, so a
// failing sequence shrinks step by step; the mismatch prints the bodies as they were sent.

/** One answer: `pick` chooses the question, the rest its value by the question's type. */
const answerDraw = fc.record({
  pick: fc.nat(),
  choice: fc.nat(),
  /** bit i: the i-th option chosen (many) */
  mask: fc.nat(31),
  backwards: fc.boolean(),
  text: text(30),
  /** a long text that, a few times over, takes a document past the 10,240-byte cap (é is two bytes) */
  bulk: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1200, max: 4000 }) }),
  /** per grid row: the column chosen, or none past the last */
  cells: fc.array(fc.nat(), { maxLength: 4 }),
});

/** What a client gets wrong, one kind per number (see `defectOf`). */
const DEFECTS = 12;

/** now and then: a value, or (most often) none */
const rarely = <Value>(arbitrary: fc.Arbitrary<Value>, oneIn: number) =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const patchDraw = fc.record({
  answers: fc.array(answerDraw, { maxLength: 4 }),
  notes: fc.array(fc.record({ pick: fc.nat(), text: text(30) }), { maxLength: 3 }),
  respondent: rarely(text(40), 3),
  summary: rarely(fc.oneof({ weight: 6, arbitrary: text(60) }, { weight: 1, arbitrary: fc.integer({ min: 1200, max: 4000 }).map((n) => 'é'.repeat(n)) }), 3),
  /** the bot trap */
  website: rarely(text(10).filter((value) => value !== ''), 12),
  defect: rarely(fc.nat(DEFECTS - 1), 6),
});
type PatchDraw = Drawn<typeof patchDraw>;

function valueOf(question: Question, draw: Drawn<typeof answerDraw>): unknown {
  switch (question.t) {
    case 'one': {
      const at = draw.choice % (question.o.length + 1);
      return at === question.o.length ? '' : question.o[at];
    }
    case 'many': {
      const chosen = question.o.filter((_, i) => (draw.mask >> i) & 1);
      return draw.backwards ? chosen.reverse() : chosen;
    }
    case 'short':
    case 'long':
      return draw.bulk > 0 ? 'é'.repeat(draw.bulk) : draw.text;
    case 'grid': {
      const { rows, columns } = question.o;
      return Object.fromEntries(rows.flatMap((row, i) => {
        const at = (draw.cells[i] ?? columns.length) % (columns.length + 1);
        return at === columns.length ? [] : [[row, columns[at]]];
      }));
    }
  }
}

/** Defect `n` in form's terms: an unknown question, a value its type does not take, a value of no allowed shape. */
function defectOf(form: Definition, n: number): Pick<Patch, 'answers' | 'notes'> {
  const of = (...kinds: Question['t'][]) => form.questions.find((question) => kinds.includes(question.t))!;
  const [one, many, grid, free] = [of('one'), of('many'), of('grid'), of('short', 'long')];
  if (one.t !== 'one' || many.t !== 'many' || grid.t !== 'grid') throw new Error('a generated questionnaire has every type');
  const defects: Array<Pick<Patch, 'answers' | 'notes'>> = [
    { answers: { [NOT_IN_ANY]: 'x' } },
    { notes: { [NOT_IN_ANY]: 'x' } },
    { answers: { [one.id]: NOT_IN_ANY } },
    { answers: { [one.id]: [one.o[0]!] } },
    { answers: { [many.id]: [many.o[0]!, many.o[0]!] } },
    { answers: { [many.id]: many.o[0]! } },
    { answers: { [grid.id]: { [NOT_IN_ANY]: grid.o.columns[0]! } } },
    { answers: { [grid.id]: { [grid.o.rows[0]!]: NOT_IN_ANY } } },
    { answers: { [free.id]: ['a list'] } },
    { notes: { [free.id]: ['a list'] } },
    { answers: { [free.id]: 42 } },
    { answers: { [grid.id]: { [grid.o.rows[0]!]: { nested: 'object' } } } },
  ];
  return defects[n % DEFECTS]!;
}

/** The body a drawn patch is for `form`: answers and notes picked from its questions, one defect if drawn. */
export function patchOf(form: Definition, draw: PatchDraw): Patch {
  const question = (pick: number) => form.questions[pick % form.questions.length]!;
  const answers = Object.fromEntries(draw.answers.map((answer) => [question(answer.pick).id, valueOf(question(answer.pick), answer)]));
  const notes = Object.fromEntries(draw.notes.map((note) => [question(note.pick).id, note.text]));
  const defect = draw.defect === undefined ? {} : defectOf(form, draw.defect);
  const allAnswers = { ...answers, ...defect.answers };
  const allNotes = { ...notes, ...defect.notes };
  // a body may leave out what it does not change
  return {
    ...(Object.keys(allAnswers).length === 0 ? {} : { answers: allAnswers }),
    ...(Object.keys(allNotes).length === 0 ? {} : { notes: allNotes }),
    ...(draw.respondent === undefined ? {} : { respondent: draw.respondent }),
    ...(draw.summary === undefined ? {} : { summary: draw.summary }),
    ...(draw.website === undefined ? {} : { website: draw.website }),
  };
}

/** Form 0 and 1 have questionnaires; `ghost` is a name that has none. */
export type Target = 0 | 1 | 'ghost';
export type StepDraw =
  | { readonly kind: 'save'; readonly form: Target; readonly patch: PatchDraw }
  /** two clients, each from its own copy, saving at the same moment */
  | { readonly kind: 'together'; readonly saves: readonly [{ readonly form: 0 | 1; readonly patch: PatchDraw }, { readonly form: 0 | 1; readonly patch: PatchDraw }] };

const target = fc.constantFrom<0 | 1>(0, 1);
const stepDraw: fc.Arbitrary<StepDraw> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('save' as const), form: target, patch: patchDraw }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('save' as const), form: fc.constant('ghost' as const), patch: patchDraw }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('together' as const),
      saves: fc.tuple(fc.record({ form: target, patch: patchDraw }), fc.record({ form: target, patch: patchDraw })),
    }),
  },
);

export type Sequence = { readonly forms: readonly [Definition, Definition]; readonly steps: readonly StepDraw[] };

export const sequence = (maxSteps: number): fc.Arbitrary<Sequence> =>
  fc.record({ forms: fc.tuple(definition, definition), steps: fc.array(stepDraw, { minLength: 1, maxLength: maxSteps }) });
