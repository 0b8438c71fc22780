import t from 'tap';
import { ApiRefusal, NoAnswer } from './api.ts';
import { messageOf, NO_CONNECTION, SOMETHING_WENT_WRONG, weightText } from './messages.ts';

const refusal = (code: string, message: string, body: Record<string, unknown> = {}, status = 400) => new ApiRefusal(status, code, message, null, { code, message, ...body });

t.test("a refusal is the server's own sentence", async (t) => {
  t.equal(messageOf(refusal('WRONG_PASSWORD', 'Wrong email or password', {}, 401)), 'Wrong email or password');
  t.equal(messageOf(refusal('RATE_LIMITED', 'Too many saves: wait a moment', {}, 429), { unit: 'lb' }), 'Too many saves: wait a moment', 'a refusal naming no weight is the same in any unit');
});

t.test('a tick that lost to a later one says what the server keeps, in the reader’s unit', async (t) => {
  // the 409 as command-api/gym/workouts.ts answers it: its message and the set it holds
  const lost = refusal('SET_CHANGED_LATER', 'Set 3 of Bench Press was changed on another device after this tick', { current: { id: 's1', exerciseName: 'Bench Press', setNumber: 3, kg: 55, reps: 6 } }, 409);
  t.equal(messageOf(lost, { unit: 'kg' }), 'Set 3 of Bench Press was changed on another device after this tick: it keeps 55 kg × 6.');
  t.equal(messageOf(lost, { unit: 'lb' }), 'Set 3 of Bench Press was changed on another device after this tick: it keeps 121.254 lb × 6.');
  t.equal(messageOf(lost), 'Set 3 of Bench Press was changed on another device after this tick: it keeps 55 kg × 6.', 'kilograms when no unit is given');
  const bare = refusal('SET_CHANGED_LATER', 'Set 3 was changed on another device after this change', {}, 409);
  t.equal(messageOf(bare, { unit: 'lb' }), 'Set 3 was changed on another device after this change', 'without the set, the message as it came');
});

t.test('a weight out of bounds is said in the reader’s unit', async (t) => {
  // infra/http/app.ts writes "<field>: <zod's message>"; domain/gym/library.ts bounds kg to 0..1000
  const tooHeavy = refusal('VALIDATION_FAILED', 'body.kg: Too big: expected number to be <=1000');
  t.equal(messageOf(tooHeavy, { unit: 'lb' }), 'The weight must be at most 2,204.623 lb.');
  t.equal(messageOf(tooHeavy, { unit: 'kg' }), 'The weight must be at most 1,000 kg.');
  t.equal(messageOf(refusal('VALIDATION_FAILED', 'body.barKg: Too small: expected number to be >=0'), { unit: 'lb' }), 'The weight must be at least 0 lb.');
  t.equal(messageOf(refusal('VALIDATION_FAILED', 'body.kg: Invalid input: expected number, received string'), { unit: 'lb' }), 'body.kg: Invalid input: expected number, received string', 'words about no number keep theirs');
});

t.test('a field out of bounds is said in words, not in the schema’s', async (t) => {
  t.equal(messageOf(refusal('VALIDATION_FAILED', 'body.reps: Too big: expected number to be <=500')), 'The reps must be at most 500.');
  t.equal(messageOf(refusal('VALIDATION_FAILED', 'body.name: Too small: expected string to have >=1 characters'), { subject: 'the exercise' }), 'Give the exercise a name.');
  t.equal(messageOf(refusal('VALIDATION_FAILED', 'body.name: Too small: expected string to have >=1 characters')), 'Give it a name.');
  t.equal(messageOf(refusal('VALIDATION_FAILED', 'body.note: Too big: expected string to have <=500 characters')), 'The note must be at most 500 characters.');
  t.equal(messageOf(refusal('VALIDATION_FAILED', 'body.days[0].slots[1].repMax: Too big: expected number to be <=100')), 'The most reps must be at most 100.', 'the last name of a nested field');
  t.equal(messageOf(refusal('VALIDATION_FAILED', 'body.weeklyGoal: Too small: expected number to be >=1')), 'The weekly goal must be at least 1.');
  t.equal(messageOf(refusal('VALIDATION_FAILED', 'body.colour: Too big: expected number to be <=3')), 'body.colour: Too big: expected number to be <=3', 'a field with no words of its own keeps the message');
  t.equal(messageOf(refusal('VALIDATION_FAILED', 'body.date: must not be in the future (after 2026-11-29)')), 'The date must not be in the future (after 2026-11-29).', "a rule of the API's own, after the field's words");
  t.equal(messageOf(refusal('VALIDATION_FAILED', 'body.endTime: must be after startTime')), 'body.endTime: must be after startTime', 'a field with no words keeps the message');
  t.equal(messageOf(refusal('NOT_FOUND', 'Exercise not found')), 'Exercise not found', 'other refusals are sentences already');
});

t.test('no answer says there was no connection, in the words of the screen when it has some', async (t) => {
  t.equal(messageOf(new NoAnswer('network', 'No connection')), NO_CONNECTION);
  t.equal(NO_CONNECTION, 'No connection to the server. Try again when you are online.', 'the sentence the gym app said');
  t.equal(messageOf(new NoAnswer('not-our-answer', 'The answer was not from the service')), NO_CONNECTION, "a portal's page is no answer from the service");
  const offline = 'No connection: People needs the network. Try again in a moment.';
  t.equal(messageOf(new NoAnswer('network', 'No connection'), { offline }), offline);
  t.equal(messageOf(new NoAnswer('deadline', 'The server did not answer in time'), { offline }), offline, 'too late is no answer too');
  t.equal(messageOf(new NoAnswer('deadline', 'late'), { offline, late: 'The server took too long.' }), 'The server took too long.');
  t.equal(messageOf(new NoAnswer('network', 'x'), { late: 'The server took too long.' }), NO_CONNECTION, 'the late sentence only for a deadline');
});

t.test('anything else is a plain sentence, never a stack or a class name', async (t) => {
  t.equal(messageOf(new TypeError('x is undefined')), SOMETHING_WENT_WRONG);
  t.equal(messageOf('boom'), SOMETHING_WENT_WRONG);
  t.equal(messageOf(undefined), 'Something went wrong. Try again.');
});

t.test('weights read as the gym screens write them', async (t) => {
  t.equal(weightText(61.235, 'lb'), '135 lb', '135 lb stored as kilograms reads back as 135');
  t.equal(weightText(100), '100 kg');
});
