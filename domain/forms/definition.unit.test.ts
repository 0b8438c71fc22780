import t from 'tap';
import { answerProblem, formDefinitionSchema, MAX_QUESTIONS, type Question } from './definition.ts';

const valid = {
  title: 'Season survey',
  intro: 'Tell us how the season went.',
  questions: [
    { id: 'kind', t: 'one', q: 'Which member are you?', o: ['Adult', 'Junior'] },
    { id: 'nights', t: 'many', q: 'Which nights?', o: ['Mon', 'Wed'] },
    { id: 'name', t: 'short', q: 'Your name' },
    { id: 'ideas', t: 'long', q: 'Ideas' },
    { id: 'rate', t: 'grid', q: 'Rate', o: { rows: ['Halls', 'Coaching'], columns: ['Poor', 'Good'] } },
  ],
};

/** the first problem zod reports, as `path: message` */
function problem(input: unknown): string | null {
  const result = formDefinitionSchema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

const withQuestion = (question: object) => ({ ...valid, questions: [...valid.questions, question] });

t.test('a definition using every type is valid; intro may be left out', async (t) => {
  t.equal(problem(valid), null);
  t.equal(problem(withQuestion({ id: 'y', t: 'many', q: 'Y', o: ['__proto__', 'constructor'] })), null, 'options are values, never keys: any text');
  t.equal(problem({ title: 'x', questions: [{ id: 'a', t: 'short', q: 'A' }] }), null);
});

t.test('each kind of mistake is named by its field', async (t) => {
  const cases: [string, unknown, RegExp][] = [
    ['no title', { questions: valid.questions }, /^title: /],
    ['no questions', { title: 'x', questions: [] }, /^questions: /],
    ['an unknown top-level key', { ...valid, colour: 'red' }, /Unrecognized key: "colour"/],
    ['an unknown type', withQuestion({ id: 'x', t: 'date', q: 'When?' }), /^questions\.5\.t: one of one, many, short, long, grid$/],
    ['options on a short question', withQuestion({ id: 'x', t: 'short', q: 'X', o: ['a'] }), /^questions\.5\.o: a short question has no options/],
    ['options on a long question', withQuestion({ id: 'x', t: 'long', q: 'X', o: [] }), /^questions\.5\.o: a long question has no options/],
    ['a choice without options', withQuestion({ id: 'x', t: 'one', q: 'X' }), /^questions\.5\.o: /],
    ['an empty option list', withQuestion({ id: 'x', t: 'many', q: 'X', o: [] }), /^questions\.5\.o: /],
    ['an option twice', withQuestion({ id: 'x', t: 'one', q: 'X', o: ['a', 'a'] }), /^questions\.5\.o\.1: option "a" is listed twice$/],
    ['a grid given a list', withQuestion({ id: 'x', t: 'grid', q: 'X', o: ['a'] }), /^questions\.5\.o: /],
    ['a grid without columns', withQuestion({ id: 'x', t: 'grid', q: 'X', o: { rows: ['a'], columns: [] } }), /^questions\.5\.o\.columns: /],
    ['a question id used twice', withQuestion({ id: 'kind', t: 'short', q: 'X' }), /^questions\.5\.id: question id kind is used twice$/],
    ['a question id with a space', withQuestion({ id: 'my q', t: 'short', q: 'X' }), /^questions\.5\.id: letters, digits/],
    ['a question without its text', withQuestion({ id: 'x', t: 'short' }), /^questions\.5\.q: /],
    ['a NUL in a label', withQuestion({ id: 'x', t: 'one', q: 'X', o: ['a\u0000'] }), /^questions\.5\.o\.0: must not contain NUL/],
    // answers and notes are keyed by question id, a grid's answer by row: a body holding this key is refused
    ['__proto__ as a question id', withQuestion({ id: '__proto__', t: 'short', q: 'X' }), /^questions\.5\.id: __proto__ cannot be a question id/],
    ['__proto__ as a grid row', withQuestion({ id: 'x', t: 'grid', q: 'X', o: { rows: ['a', '__proto__'], columns: ['b'] } }), /^questions\.5\.o\.rows\.1: __proto__ cannot be a row/],
  ];
  for (const [label, input, expected] of cases) t.match(problem(input), expected, label);
});

t.test(`at most ${MAX_QUESTIONS} questions`, async (t) => {
  const many = (count: number) => ({ title: 'x', questions: Array.from({ length: count }, (_, i) => ({ id: `q${i}`, t: 'short', q: 'Q' })) });
  t.equal(problem(many(MAX_QUESTIONS)), null);
  t.match(problem(many(MAX_QUESTIONS + 1)), /^questions: /);
});

t.test('what each type of question takes', async (t) => {
  const [one, many, short, long, grid] = formDefinitionSchema.parse(valid).questions as [Question, Question, Question, Question, Question];
  t.equal(answerProblem(one, 'Adult'), null, 'one: an option');
  t.equal(answerProblem(one, ''), null, "one: '' clears it");
  t.equal(answerProblem(one, 'Senior'), '"Senior" is not an option of this question');
  t.equal(answerProblem(one, ['Adult']), 'the answer to this question is one option (a string)');
  t.equal(answerProblem(many, ['Mon', 'Wed']), null, 'many: options');
  t.equal(answerProblem(many, []), null, 'many: none chosen');
  t.equal(answerProblem(many, ['Fri']), '"Fri" is not an option of this question');
  t.equal(answerProblem(many, ['Mon', 'Mon']), '"Mon" is chosen twice');
  t.equal(answerProblem(many, 'Mon'), 'the answer to this question is a list of options');
  t.equal(answerProblem(short, 'Ada'), null, 'short: text');
  t.equal(answerProblem(long, ''), null, 'long: empty text');
  t.equal(answerProblem(long, { a: 'b' }), 'the answer to this question is text (a string)');
  t.equal(answerProblem(grid, { Halls: 'Good' }), null, 'grid: some rows');
  t.equal(answerProblem(grid, {}), null, 'grid: no row');
  t.equal(answerProblem(grid, { Pool: 'Good' }), '"Pool" is not a row of this grid');
  t.equal(answerProblem(grid, { Halls: 'Great' }), '"Great" (row "Halls") is not a column of this grid');
  t.equal(answerProblem(grid, ['Good']), 'the answer to this question is an object from row to column');
  t.equal(answerProblem(one, 'x'.repeat(100)), `"${'x'.repeat(40)}…" is not an option of this question`, 'a long value is cut short');
});
