// The forms read side's reference check (issue 35): random sequences of saves go through the real
// routes of a real test system: answers of every type of question, patches of several answers and
// notes, the respondent and summary, refused saves, the bot trap, documents pushed past the size cap,
// two clients saving at once. After each step every GET route of the service is asked (a plain
// client: no x-log-position) and its answer compared with the reference (./reference.ts), which folds
// the same saves with plain code written from spec 002 Part B. Also across a rebuild of the forms
// projection, in the middle of a sequence and once over everything at the end.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { isStorableText } from '../../domain/shared/text.ts';
import { comparePositions, formatPosition, parsePosition, type Position } from '../../infra/eventstore/port.ts';
import { readCheckParameters } from '../../testing/read-check.ts';
import { LOG_POSITION_HEADER } from '../../command-api/shared/read-your-writes.ts';
import { startTestSystem } from '../../testing/harness.ts';
import { formsProjection } from '../../projections/forms/form-documents/projector.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import {
  canonical,
  type Definition,
  documentAnswer,
  NEVER_SAVED,
  type Outcome,
  type Patch,
  type Question,
  questionsAnswer,
  save,
  type Shared,
} from '../../testing/forms/reference.ts';

const ORIGIN = 'http://localhost:3004';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const system = await startTestSystem(t);
const app = system.apps.forms!;

// ---- what a sequence is made of ----------------------------------------------------------------

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
function patchOf(form: Definition, draw: PatchDraw): Patch {
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
type Target = 0 | 1 | 'ghost';
type StepDraw =
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

type Sequence = { readonly forms: readonly [Definition, Definition]; readonly steps: readonly StepDraw[] };

const sequence = (maxSteps: number): fc.Arbitrary<Sequence> =>
  fc.record({ forms: fc.tuple(definition, definition), steps: fc.array(stepDraw, { minLength: 1, maxLength: maxSteps }) });

// ---- running a sequence against the routes --------------------------------------------------------

/** the GET routes (OpenAPI paths) the check asked and compared */
const compared = new Set<string>();
/** each form's final reference, for the check after the last rebuild */
const finals: Array<{ readonly name: string; readonly shared: Shared; readonly sent: readonly string[] }> = [];
let runs = 0;
/** how often each outcome the reference knows was met, so that the check shows it covered them */
const met = new Map<string, number>();
const meet = (what: string): void => void met.set(what, (met.get(what) ?? 0) + 1);
const outcomeKind = (outcome: Outcome): string =>
  outcome.status !== 200 ? `${outcome.status} ${outcome.code}` : outcome.stored ? '200 saved' : '200 bot trap, nothing saved';
/** the latest position a save answered with: where the log's head is, since only this file appends */
let lastPosition: Position | null = null;

class Mismatch extends Error {}

function expectSame(what: string, actual: unknown, expected: unknown): void {
  const [got, want] = [canonical(actual), canonical(expected)];
  if (got !== want) throw new Mismatch(`${what}\n  answered:  ${got}\n  reference: ${want}`);
}

async function get(route: string, url: string): Promise<{ status: number; body: unknown }> {
  compared.add(route);
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

async function post(name: string, patch: Patch, ip: string): Promise<{ status: number; body: { code?: string; updatedAt?: string } }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/forms/${name}`,
    headers: { origin: ORIGIN, 'x-real-ip': ip },
    payload: patch as Record<string, unknown>,
  });
  const position = response.headers[LOG_POSITION_HEADER];
  if (typeof position === 'string') {
    const at = parsePosition(position);
    if (!lastPosition || comparePositions(at, lastPosition) > 0) lastPosition = at;
  }
  return { status: response.statusCode, body: response.json() };
}

const rebuild = () => rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: formsProjection, log: silent });

/** What the save answered against what the reference says it answers: true when they agree. */
function agrees(outcome: Outcome, answer: { status: number; body: unknown }, name: string): boolean {
  if (outcome.status !== answer.status) return false;
  if (outcome.status !== 200) return (answer.body as { code?: string }).code === outcome.code;
  return canonical(answer.body) === canonical(documentAnswer(name, outcome.after));
}

const describeOutcome = (outcome: Outcome, name: string): string =>
  outcome.status === 200 ? `200 ${canonical(documentAnswer(name, outcome.after))}` : `${outcome.status} ${outcome.code}`;

async function runSequence(input: Sequence, options: { readonly rebuildBefore?: number } = {}): Promise<void> {
  const run = ++runs;
  const names = [`ref${run}-a`, `ref${run}-b`] as const;
  const ghost = `ref${run}-none`;
  const ip = `10.${(run >> 8) & 255}.${run & 255}.7`;
  for (const form of [0, 1] as const) await writeFile(path.join(system.formsDir, `${names[form]}.json`), JSON.stringify(input.forms[form]));
  const shared: [Shared, Shared] = [NEVER_SAVED, NEVER_SAVED];
  /** every save as it was sent, for the failure message */
  const sent: string[] = [];
  const send = (target: Target, patch: Patch) => {
    const name = target === 'ghost' ? ghost : names[target];
    sent.push(`POST /api/forms/${name} ${JSON.stringify(patch)}`);
    return post(name, patch, ip);
  };

  const readAll = async (when: string, questions: boolean): Promise<void> => {
    for (const form of [0, 1] as const) {
      const document = await get('/api/forms/{name}', `/api/forms/${names[form]}`);
      expectSame(`${when}: GET /api/forms/${names[form]}`, document, { status: 200, body: documentAnswer(names[form], shared[form]) });
      if (questions) {
        const asked = await get('/api/forms/{name}/questions', `/api/forms/${names[form]}/questions`);
        expectSame(`${when}: GET /api/forms/${names[form]}/questions`, asked, { status: 200, body: questionsAnswer(names[form], input.forms[form]) });
      }
    }
  };

  const steps = async (): Promise<void> => {
    await readAll('before any save', true);
    for (const [index, step] of input.steps.entries()) {
      const when = `after step ${index + 1} (${step.kind})`;
      if (options.rebuildBefore === index) {
        await rebuild();
        sent.push('(the forms projection rebuilt)');
        await readAll(`after the rebuild before step ${index + 1}`, false);
      }
      if (step.kind === 'save') {
        // a name without a questionnaire is sent what the first form would be
        const definition = step.form === 'ghost' ? null : input.forms[step.form];
        const patch = patchOf(definition ?? input.forms[0], step.patch);
        const answer = await send(step.form, patch);
        const outcome = save(definition, step.form === 'ghost' ? NEVER_SAVED : shared[step.form], patch, String(answer.body.updatedAt));
        const name = step.form === 'ghost' ? ghost : names[step.form];
        if (!agrees(outcome, answer, name)) {
          throw new Mismatch(`${when}: POST /api/forms/${name}\n  answered:  ${answer.status} ${canonical(answer.body)}\n  reference: ${describeOutcome(outcome, name)}`);
        }
        meet(outcomeKind(outcome));
        if (outcome.status === 200 && step.form !== 'ghost') shared[step.form] = outcome.after;
      } else {
        const saves = step.saves.map(({ form, patch }) => ({ form, patch: patchOf(input.forms[form], patch) }));
        sent.push('(the next two at once)');
        const answers = await Promise.all(saves.map(({ form, patch }) => send(form, patch)));
        // the server decides which of the two goes first; the reference takes whichever order explains both answers
        const explained = [[0, 1], [1, 0]].map((order) => {
          const next: [Shared, Shared] = [shared[0], shared[1]];
          const outcomes: Outcome[] = [];
          for (const i of order) {
            const { form, patch } = saves[i]!;
            const outcome = save(input.forms[form], next[form], patch, String(answers[i]!.body.updatedAt));
            outcomes[i] = outcome;
            if (outcome.status === 200) next[form] = outcome.after;
          }
          return { next, outcomes, fits: outcomes.every((outcome, i) => agrees(outcome, answers[i]!, names[saves[i]!.form])) };
        });
        const fit = explained.find((candidate) => candidate.fits);
        if (!fit) {
          const told = answers.map((answer, i) => `${i + 1}: ${answer.status} ${canonical(answer.body)}`).join('\n    ');
          const orders = explained
            .map((candidate, o) => `order ${o === 0 ? '1, 2' : '2, 1'}: ${candidate.outcomes.map((outcome, i) => describeOutcome(outcome, names[saves[i]!.form])).join(' | ')}`)
            .join('\n    ');
          throw new Mismatch(`${when}: two saves at once\n  answered:\n    ${told}\n  reference, in either order:\n    ${orders}`);
        }
        [shared[0], shared[1]] = fit.next;
        for (const outcome of fit.outcomes) meet(outcomeKind(outcome));
        if (saves[0]!.form === saves[1]!.form && fit.outcomes.every((outcome) => outcome.status === 200 && outcome.stored)) meet('two saves of one form at once, both saved');
      }
      await readAll(when, false);
    }

    await readAll('at the end', true);
    for (const [route, url] of [['/api/forms/{name}', `/api/forms/${ghost}`], ['/api/forms/{name}/questions', `/api/forms/${ghost}/questions`]] as const) {
      const answer = await get(route, url);
      expectSame(`a name without a questionnaire: GET ${url}`, [answer.status, (answer.body as { code?: string }).code], [404, 'FORM_NOT_FOUND']);
    }
    expectSame('GET /api/health', await get('/api/health', '/api/health'), { status: 200, body: { status: 'ok' } });
    const ready = await get('/api/health/ready', '/api/health/ready');
    if (lastPosition) {
      expectSame('GET /api/health/ready: caught up with the last save appended', ready, {
        status: 200,
        body: { status: 'ok', database: 'ok', projections: { forms: { state: 'caught-up', checkpoint: formatPosition(lastPosition) } } },
      });
    }
  };

  try {
    await steps();
  } catch (error) {
    if (!(error instanceof Mismatch)) throw error;
    throw new Mismatch(`${error.message}\nthe saves, as sent:\n  ${sent.join('\n  ')}`);
  }
  for (const form of [0, 1] as const) finals.push({ name: names[form], shared: shared[form], sent: sent.filter((line) => line.includes(`/api/forms/${names[form]} `)) });
}

/**
 * `npm test`'s seed: the last test asserts that the sequences met every outcome of a save, which a
 * random hundred may not (a document past 10 KB needs several long answers to one form)
 */
const NPM_TEST_SEED = 35;

/** fast-check keeps the shortest failing sequence and prints it; the mismatch says where it shows. */
const property = (maxSteps: number, rebuilding: boolean) =>
  fc.asyncProperty(sequence(maxSteps), fc.nat(), async (input, at) => {
    await runSequence(input, rebuilding ? { rebuildBefore: at % input.steps.length } : {});
  });

t.test('every GET of a form answers what the reference folds from the same saves, across a rebuild in the middle', async () => {
  const parameters = readCheckParameters(100, NPM_TEST_SEED);
  // each of these replays the whole log so far and swaps schemas: run first, while the log is short, and a twentieth as many
  await fc.assert(property(6, true), { ...parameters, numRuns: Math.max(3, Math.ceil(parameters.numRuns / 20)) });
});

t.test('every GET of a form answers what the reference folds from the same saves', async () => {
  await fc.assert(property(6, false), readCheckParameters(100, NPM_TEST_SEED + 1));
});

t.test('after a rebuild of the forms projection every form reads as the reference', async (t) => {
  const report = await rebuild();
  t.ok(report.events > 0, `replayed ${report.events} events`);
  for (const final of finals) {
    const answer = await get('/api/forms/{name}', `/api/forms/${final.name}`);
    const [got, want] = [canonical(answer), canonical({ status: 200, body: documentAnswer(final.name, final.shared) })];
    if (got !== want) t.fail(`GET /api/forms/${final.name} after the rebuild\n  answered:  ${got}\n  reference: ${want}\n  its saves, as sent:\n    ${final.sent.join('\n    ')}`);
  }
  t.ok(finals.length > 0, `${finals.length} forms compared`);
});

t.test('the sequences met every outcome of a save the reference knows', async (t) => {
  const expected = [
    '200 saved',
    '200 bot trap, nothing saved',
    'two saves of one form at once, both saved',
    '400 VALIDATION_FAILED',
    '400 QUESTION_UNKNOWN',
    '400 ANSWER_INVALID',
    '404 FORM_NOT_FOUND',
    '413 DOCUMENT_TOO_LARGE',
  ];
  for (const what of expected) t.ok((met.get(what) ?? 0) > 0, `${what}: ${met.get(what) ?? 0} times`);
});

/** GET routes this check cannot compare with a reference, each with its reason. */
const NOT_CHECKED: Readonly<Record<string, string>> = {};

t.test('the check covers every GET route of the forms service', async (t) => {
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  const gets = Object.entries(document.paths)
    .filter(([, operations]) => 'get' in operations)
    .map(([path]) => path)
    .sort();
  t.ok(gets.length > 0, `the document lists GET routes: ${gets.join(', ')}`);
  for (const path of gets) t.ok(compared.has(path) || path in NOT_CHECKED, `GET ${path} is compared with the reference${path in NOT_CHECKED ? ` (not: ${NOT_CHECKED[path]})` : ''}`);
  for (const path of Object.keys(NOT_CHECKED)) t.ok(gets.includes(path), `${path}, listed as not checked, is a GET route of the service`);
});
