// POST /api/import (issue 19): every bad file is a 4xx naming what is wrong, never a 500, and writes
// nothing; and the imports a user may make in a while.
import t from 'tap';
import { IMPORT_BOUNDS } from '../../domain/gym/bounds.ts';
import { error, fixture, startImportTest } from '../../testing/gym/import.ts';

const { app, head, importer } = await startImportTest(t);

t.test('a row that cannot be read is a 400 naming its line and column; nothing is written', async (t) => {
  const me = await importer('bad-rows@example.org');
  const strong = fixture('strong.csv').split('\n');
  const withLine = (line: number, text: string) => strong.map((each, index) => (index === line - 1 ? text : each)).join('\n');
  const cases: Array<[string, string]> = [
    [withLine(7, '2024-03-05 07:12:44,"Push Day",1h 5m,"Overhead Press (Barbell)",1,45.0,five,0,0,"","",'), 'csv: line 7, column Reps: "five" is not a number'],
    [withLine(9, '2024-03-05 07:12:44,"Push Day",1h 5m,"Overhead Press (Barbell)",1,45.0,5.5,0,0,"","",'), 'csv: line 9, column Reps: "5.5" is not a whole number'],
    [withLine(3, '2024-13-05 07:12:44,"Push Day",1h 5m,"Bench Press (Barbell)",1,80.0,8,0,0,"","",7'), 'csv: line 3, column Date: "2024-13-05 07:12:44" is not a date and time such as 2024-03-05 07:12:44'],
    [withLine(4, '2024-03-05 07:12:44,"Push Day",1h 5m,"Bench Press (Barbell)",2,-80,8,0,0,"","",7'), 'csv: line 4, column Weight: -80 is negative'],
    [withLine(5, '2024-03-05 07:12:44,"Push Day",1h 5m,"Bench Press (Barbell)",2,1200,8,0,0,"","",7'), 'csv: line 5, column Weight: 1200 kg is more than 1000 kg, the most a set holds'],
    [withLine(6, '2024-03-05 07:12:44,"Push Day",1h 5m,"",2,80,8,0,0,"","",7'), 'csv: line 6, column Exercise Name: the exercise has no name'],
    [withLine(8, '2024-03-05 07:12:44,"Push Day",1h 5m,"Overhead Press (Barbell)",1,45.0,8,0,0,""'), 'csv: line 8: 10 fields where the header has 12'],
    [withLine(2, '2024-03-05 07:12:44,"Push Day",an hour,"Bench Press (Barbell)",1,80.0,8,0,0,"","",7'), 'csv: line 2, column Duration: "an hour" is not a duration such as 1h 5m'],
  ];
  const before = await head();
  for (const [csv, message] of cases) {
    const res = await me.send(csv);
    t.equal(res.statusCode, 400, message);
    t.same(res.json(), error(400, 'VALIDATION_FAILED', message));
  }
  t.equal(await head(), before, 'a file with a bad row writes nothing, not even its good workouts');
});

t.test('no file makes a 500: empty, header only, an unknown header, an open quote, garbage, too many rows, too large, a stranger', async (t) => {
  const me = await importer('never-500@example.org');
  const STRONG_HEADER = fixture('strong.csv').split('\n')[0]!;
  const answers = await Promise.all([
    me.send(''),
    me.send('   \n\n'),
    me.send('name,weight,reps\nSquat,100,5\n'),
    me.send(`${STRONG_HEADER}\n2024-03-05 07:12:44,"Push Day,1h 5m,"Bench",1,80,8,0,0,"","",\n`),
    me.send('\u0000\u0001\u0002\uFFFD\uFFFD'),
    me.send('Date,Workout Name,Exercise Name,Weight\n2024-03-05 07:12:44,Push,Bench,80\n'),
    me.call('POST', '/api/import', { unit: 'kg' }),
    me.call('POST', '/api/import', { csv: 'x', timeZone: 'Mars/Olympus' }),
  ]);
  t.same(
    answers.map((res) => [res.statusCode, res.json().message]),
    [
      [400, 'csv: line 1: the file is empty'],
      [400, 'csv: line 1: the file is empty'],
      [400, 'csv: line 1: this is not a Strong or Hevy export: it begins "name,weight,reps", where Strong\'s begins "Date,Workout Name" (or "Workout #") and Hevy\'s "title,start_time"'],
      [400, 'csv: line 2, column Workout Name: text follows the closing quote of a field (a quote inside a field is written twice: "")'],
      [400, 'csv: line 1: this is not a text file; export a CSV from Strong or Hevy and choose that'],
      [400, `csv: line 1: a Strong export has the column "Reps"; this header has none. Expected "${STRONG_HEADER}"`],
      [400, 'body.csv: Invalid input: expected string, received undefined'],
      [400, 'body.timeZone: not a time zone such as Europe/Berlin'],
    ],
  );
  const open = await me.send(`${STRONG_HEADER}\n2024-03-05 07:12:44,"Push Day",1h 5m,"Bench,1,80,8,0,0,"","",\n`);
  t.same(open.json(), error(400, 'VALIDATION_FAILED', 'csv: line 2, column Exercise Name: a quoted field opened on line 2 is never closed'), 'a quote left open swallows the rest of the file');
  const stray = await me.send(`${STRONG_HEADER}\n2024-03-05 07:12:44,"Push Day",1h 5m,"Bench"x,1,80,8,0,0,"","",\n`);
  t.same(stray.json(), error(400, 'VALIDATION_FAILED', 'csv: line 2, column Exercise Name: text follows the closing quote of a field (a quote inside a field is written twice: "")'));

  const headerOnly = await me.send(`${STRONG_HEADER}\n`);
  t.same(headerOnly.json(), error(400, 'VALIDATION_FAILED', 'csv: line 1: the file holds a header and no rows: export it again once a workout is logged'), 'a header alone is refused, not imported as nothing');

  const row = '2024-03-05 07:12:44,"Push Day",1h 5m,"Bench Press (Barbell)",1,80.0,8,0,0,"","",';
  const tooMany = await me.send(`${STRONG_HEADER}\n${`${row}\n`.repeat(IMPORT_BOUNDS.rows + 1)}`);
  t.same(tooMany.json(), error(400, 'VALIDATION_FAILED', `csv: line ${IMPORT_BOUNDS.rows + 2}: the file holds more than ${IMPORT_BOUNDS.rows} rows; import it in parts`));

  const tooLarge = await me.send(`${STRONG_HEADER}\n${'x'.repeat(IMPORT_BOUNDS.bytes)}`);
  t.equal(tooLarge.statusCode, 413);
  t.same(tooLarge.json(), error(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'body: larger than 5 MiB, the most this route takes'));

  const stranger = await app.inject({ method: 'POST', url: '/api/import', payload: { csv: fixture('strong.csv') } });
  t.same([stranger.statusCode, stranger.json().code], [401, 'UNAUTHENTICATED']);
  const large = await app.inject({ method: 'POST', url: '/api/import', payload: { csv: 'x'.repeat(IMPORT_BOUNDS.bytes) } });
  t.same([large.statusCode, large.json().code], [401, 'UNAUTHENTICATED'], 'a stranger’s body is not read, whatever its size');
});

t.test(`at most ${IMPORT_BOUNDS.requests} imports per user in ${IMPORT_BOUNDS.windowMinutes} minutes, dry runs counted`, async (t) => {
  const me = await importer('limit@example.org');
  const file = 'title,start_time,exercise_title,weight_kg,reps\nDay,"1 Jan 2023, 07:00",Squat,60,5\n';
  for (let index = 0; index < IMPORT_BOUNDS.requests; index++) await me.imported(file, { dryRun: true });
  const refused = await me.send(file, { dryRun: true });
  t.equal(refused.statusCode, 429);
  t.same(refused.json(), { statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests', message: `At most ${IMPORT_BOUNDS.requests} imports in ${IMPORT_BOUNDS.windowMinutes} minutes; try again later` });
  t.match(refused.headers['retry-after'], /^\d+$/);
  const other = await importer('limit-other@example.org');
  t.equal((await other.send(file, { dryRun: true })).statusCode, 200, 'another user has an allowance of their own');
});
