// A small RFC 4180 reader for the exports people bring (Strong and Hevy into gym, TV Time into
// shows): quoted fields with doubled quotes and line breaks inside, CRLF or LF, a byte-order mark,
// `,` or `;` between fields. Each record keeps the line it starts on, so a refusal can name the
// line a spreadsheet shows.

export type CsvRecord = { readonly line: number; readonly fields: readonly string[] };

/** A file that is not CSV at all; `field` is the 0-based field of the record when known. */
export class CsvSyntaxError extends Error {
  readonly line: number;
  readonly field: number | null;
  constructor(line: number, field: number | null, message: string) {
    super(message);
    this.name = 'CsvSyntaxError';
    this.line = line;
    this.field = field;
  }
}

export type Delimiter = ',' | ';';

/** The delimiter of a file, told by its first line: the legacy Strong export separates with `;`. */
export function delimiterOf(text: string): Delimiter {
  const end = text.search(/[\r\n]/);
  const first = end === -1 ? text : text.slice(0, end);
  return first.split(';').length > first.split(',').length ? ';' : ',';
}

/**
 * Every record of `text`, blank lines left out. `limit` stops the reading early: a file of more
 * records than that is refused by the caller without reading the rest.
 */
export function readCsv(text: string, delimiter: Delimiter, limit = Number.POSITIVE_INFINITY): CsvRecord[] {
  const records: CsvRecord[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const length = source.length;
  let at = 0;
  let line = 1;
  while (at < length && records.length < limit) {
    const recordLine = line;
    const fields: string[] = [];
    let ended = false;
    while (!ended) {
      let value = '';
      if (source[at] === '"') {
        const openedOn = line;
        at++;
        for (;;) {
          const quote = source.indexOf('"', at);
          if (quote === -1) throw new CsvSyntaxError(openedOn, fields.length, `a quoted field opened on line ${openedOn} is never closed`);
          const chunk = source.slice(at, quote);
          value += chunk;
          line += countBreaks(chunk);
          at = quote + 1;
          if (source[at] === '"') {
            value += '"';
            at++;
          } else break;
        }
        const next = source[at];
        if (next !== undefined && next !== delimiter && next !== '\r' && next !== '\n') {
          throw new CsvSyntaxError(line, fields.length, `text follows the closing quote of a field (a quote inside a field is written twice: "")`);
        }
      } else {
        let end = at;
        while (end < length) {
          const char = source[end];
          if (char === delimiter || char === '\r' || char === '\n') break;
          end++;
        }
        value = source.slice(at, end);
        at = end;
      }
      fields.push(value);
      const char = source[at];
      if (char === delimiter) {
        at++;
      } else {
        ended = true;
        if (char === '\r') at += source[at + 1] === '\n' ? 2 : 1;
        else if (char === '\n') at++;
        if (char !== undefined) line++;
      }
    }
    if (!(fields.length === 1 && fields[0]!.trim() === '')) records.push({ line: recordLine, fields });
  }
  return records;
}

function countBreaks(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) count++;
  }
  return count;
}

/** The header's fields, trimmed and lower-cased, to their column index. */
export function columnsOf(header: CsvRecord): Map<string, number> {
  return new Map(header.fields.map((name, index) => [name.trim().toLowerCase(), index]));
}
