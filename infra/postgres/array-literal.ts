/** an element PostgreSQL's array_in reads as itself without quotes (and not as NULL) */
const BARE = /^[0-9A-Za-z_.:+-]+$/;
const NULL_WORD = /^null$/i;

/**
 * A flat array of strings, numbers and booleans (null and undefined as NULL) as the text of a
 * PostgreSQL array, as pg's own serialiser writes it but with plain elements left unquoted: ids,
 * dates and numbers, nearly every element a bulk statement sends. pg quotes and escapes each one,
 * two regular expressions a string; a rebuild's half a million sets spent 0.5 s of Node's time so.
 * Anything else (nested arrays, buffers, dates, objects): null, for pg to write as it does.
 */
export function flatArrayLiteral(values: readonly unknown[]): string | null {
  let text = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) text += ',';
    const value = values[i];
    if (value === null || value === undefined) text += 'NULL';
    else if (typeof value === 'string') text += BARE.test(value) && !NULL_WORD.test(value) ? value : `"${value.replace(/[\\"]/g, '\\$&')}"`;
    else if (typeof value === 'number') text += String(value);
    else if (typeof value === 'boolean') text += value ? 'true' : 'false';
    else return null;
  }
  return `${text}}`;
}
