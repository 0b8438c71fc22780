import t from 'tap';
import { CsvSyntaxError, delimiterOf, readCsv } from './csv.ts';

const fields = (text: string, delimiter: ',' | ';' = ',') => readCsv(text, delimiter).map((record) => record.fields);
const lines = (text: string) => readCsv(text, ',').map((record) => record.line);

t.test('RFC 4180: quoted fields, doubled quotes, delimiters and line breaks inside quotes', async (t) => {
  t.same(fields('a,b,c\n1,2,3\n'), [['a', 'b', 'c'], ['1', '2', '3']]);
  t.same(fields('"a","b ""quoted""",c\n'), [['a', 'b "quoted"', 'c']]);
  t.same(fields('"one, two",3\n'), [['one, two', '3']]);
  t.same(fields('"line one\nline two",x\r\nnext,y'), [['line one\nline two', 'x'], ['next', 'y']], 'a line break inside quotes is part of the field');
  t.same(fields('a,,c,\n'), [['a', '', 'c', '']], 'empty fields, a trailing one too');
  t.same(fields('"",""\n'), [['', '']]);
  t.same(fields('no newline at the end'), [['no newline at the end']]);
  t.same(fields('inch 5"3,x\n'), [['inch 5"3', 'x']], 'a quote inside an unquoted field is kept as it is');
});

t.test('CRLF, LF and a lone CR end records; a byte-order mark and blank lines are dropped', async (t) => {
  t.same(fields('\uFEFFa,b\r\n1,2\r\n'), [['a', 'b'], ['1', '2']]);
  t.same(fields('a\rb\nc\r\n'), [['a'], ['b'], ['c']]);
  t.same(fields('a,b\n\n\r\n1,2\n   \n'), [['a', 'b'], ['1', '2']]);
});

t.test('each record knows the line it starts on, line breaks inside quotes counted', async (t) => {
  t.same(lines('h\n"two\nlines"\nafter\n\nlast'), [1, 2, 4, 6]);
  t.same(lines('h\r\n"a\r\nb\rc"\r\nd'), [1, 2, 5]);
});

t.test('semicolons separate the older Strong export; the first line tells which', async (t) => {
  t.same(fields('Date;Workout Name\n"a;b";2,5\n', ';'), [['Date', 'Workout Name'], ['a;b', '2,5']]);
  t.equal(delimiterOf('Date;Workout Name;Exercise Name;Weight\n1,2,3'), ';');
  t.equal(delimiterOf('Date,Workout Name,Exercise Name\n1;2;3;4;5'), ',');
  t.equal(delimiterOf('title'), ',');
});

t.test('a quote never closed, or text after a closing quote, is refused with its line and field', async (t) => {
  t.throws(() => readCsv('a,b\n1,"open\n\nstill', ','), new CsvSyntaxError(2, 1, 'a quoted field opened on line 2 is never closed'));
  const error = t.throws(() => readCsv('a,b\nx,"closed"y\n', ','));
  t.match(error, { line: 2, field: 1, message: /text follows the closing quote/ });
  t.match(t.throws(() => readCsv('"a\nb"c', ',')), { line: 2, field: 0 }, 'the line where the stray text is');
});

t.test('a limit stops the reading early', async (t) => {
  t.same(readCsv('h\n1\n2\n3\n"never closed', ',', 3).map((record) => record.fields[0]), ['h', '1', '2']);
});
