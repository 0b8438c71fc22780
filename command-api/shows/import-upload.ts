import { unzipSync } from 'fflate';
import { ImportFormatError, MAX_IMPORT_EPISODES, MAX_IMPORT_SHOWS, type ParsedExport } from '../../domain/shows/import.ts';
import { isTraktFile, parseTrakt, TRAKT_FILES, type TraktInput, type TraktPart } from '../../domain/shows/import-trakt.ts';
import { isTvTimeFile, parseTvTime } from '../../domain/shows/import-tvtime.ts';
import { looksLikeText } from '../../domain/shared/text.ts';
import { HttpError } from '../../infra/http/errors.ts';

// What POST /api/import receives, read whole before a job is stored: the files (a zip of the export
// or its CSV / JSON files themselves), unpacked, picked and parsed; or Trakt's arrays as JSON.

/** the upload's files together, as bytes */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** what the export's files we read may unpack to */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/** a body holding MAX_UPLOAD_BYTES in base64, and room for the JSON around it */
export const IMPORT_BODY_LIMIT = Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 1024 * 1024;

export type UploadedFile = { readonly name: string; readonly content: string; readonly encoding: 'base64' | 'text' };

const MIB = 1024 * 1024;
const invalid = (message: string): HttpError => new HttpError(400, 'IMPORT_INVALID', message);
const tooLarge = (code: string, message: string): HttpError => new HttpError(413, code, message);

const baseName = (name: string): string => (name.split(/[\\/]/).pop() ?? '').toLowerCase();
const isZip = (name: string, bytes: Uint8Array): boolean =>
  name.toLowerCase().endsWith('.zip') || (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04);
const wanted = (name: string): boolean => isTvTimeFile(name) || isTraktFile(name);

function decode(file: UploadedFile, index: number): Uint8Array {
  if (file.encoding === 'text') return Buffer.from(file.content, 'utf8');
  const compact = file.content.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) throw invalid(`body.files.${index}.content: ${file.name} is not base64`);
  return Buffer.from(compact, 'base64');
}

function text(name: string, bytes: Uint8Array): string {
  const decoded = new TextDecoder('utf-8').decode(bytes);
  // a NUL can be stored neither in an event nor in a table: this is no CSV or JSON export
  if (decoded.includes('\0') || !looksLikeText(decoded)) throw invalid(`${name}: not a text file; the export's CSV and JSON files are text`);
  return decoded;
}

/** The files of an upload that belong to an export, by their names without folders. */
function exportFiles(files: readonly UploadedFile[]): { name: string; text: string }[] {
  const decoded = files.map((file, index) => ({ file, index, bytes: decode(file, index) }));
  const total = decoded.reduce((sum, { bytes }) => sum + bytes.length, 0);
  if (total > MAX_UPLOAD_BYTES) throw tooLarge('UPLOAD_TOO_LARGE', `The upload is ${(total / MIB).toFixed(1)} MiB; at most ${MAX_UPLOAD_BYTES / MIB} MiB are taken`);
  const found = new Map<string, string>();
  let unpacked = 0;
  for (const { file, index, bytes } of decoded) {
    if (isZip(file.name, bytes)) {
      let entries;
      try {
        entries = unzipSync(bytes, {
          filter: (entry) => {
            const name = baseName(entry.name);
            if (!wanted(name) || found.has(name)) return false;
            unpacked += entry.originalSize;
            if (unpacked > MAX_UNPACKED_BYTES) throw tooLarge('UPLOAD_TOO_LARGE', `${file.name}: the export's files unpack to more than ${MAX_UNPACKED_BYTES / MIB} MiB`);
            return true;
          },
        });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw invalid(`${file.name}: not a zip file this service can read (${(error as Error).message})`);
      }
      for (const [path, content] of Object.entries(entries)) {
        const name = baseName(path);
        if (!found.has(name)) found.set(name, text(`${file.name}: ${path}`, content));
      }
      continue;
    }
    const name = baseName(file.name);
    if (!wanted(name)) {
      throw invalid(
        `body.files.${index}.name: ${file.name} is not a file this import reads: a TV Time export (zip, tracking-prod-records.csv, followed_tv_show.csv) ` +
          'or a Trakt export (zip, watched-shows.json, watched-history.json, watchlist-shows.json, lists-watchlist.json, ratings-shows.json)',
      );
    }
    found.set(name, text(file.name, bytes));
  }
  return [...found].map(([name, content]) => ({ name, text: content }));
}

function checked(parsed: ParsedExport): ParsedExport {
  if (parsed.shows.length > MAX_IMPORT_SHOWS) {
    throw tooLarge('TOO_MANY_SHOWS', `The export holds ${parsed.shows.length} shows; one import takes at most ${MAX_IMPORT_SHOWS}`);
  }
  const episodes = parsed.shows.reduce((sum, show) => sum + show.watched.length, 0);
  if (episodes > MAX_IMPORT_EPISODES) {
    throw tooLarge('TOO_MANY_EPISODES', `The export holds ${episodes} watched episodes; one import takes at most ${MAX_IMPORT_EPISODES}`);
  }
  return parsed;
}

function parsing(parse: () => ParsedExport): ParsedExport {
  try {
    return checked(parse());
  } catch (error) {
    if (error instanceof ImportFormatError) throw invalid(error.message);
    throw error;
  }
}

/** An upload of files as the export it holds; 400 naming the file, line and field of what cannot be read, 413 over the caps. */
export function readUploadedFiles(files: readonly UploadedFile[]): ParsedExport {
  const found = exportFiles(files);
  const tvtime = found.filter((file) => isTvTimeFile(file.name));
  const trakt = found.filter((file) => isTraktFile(file.name));
  if (tvtime.length > 0 && trakt.length > 0) throw invalid('body.files: these are files of a TV Time and of a Trakt export; import one at a time');
  if (tvtime.length > 0) return parsing(() => parseTvTime(tvtime));
  if (trakt.length === 0) {
    throw invalid('body.files: no TV Time files (tracking-prod-records.csv, followed_tv_show.csv) and no Trakt files (watched-shows.json, watched-history.json, watchlist-shows.json, lists-watchlist.json, ratings-shows.json) in the upload');
  }
  const input: TraktInput = {};
  for (const part of Object.keys(TRAKT_FILES) as TraktPart[]) {
    const file = TRAKT_FILES[part].map((name) => trakt.find((candidate) => candidate.name === name)).find((candidate) => candidate !== undefined);
    if (file) input[part] = { file: file.name, value: file.text };
  }
  return parsing(() => parseTrakt(input));
}

/** Trakt's arrays sent as JSON. */
export function readTraktBody(body: Partial<Record<TraktPart, readonly unknown[]>>): ParsedExport {
  const input: TraktInput = {};
  for (const part of Object.keys(TRAKT_FILES) as TraktPart[]) {
    const value = body[part];
    if (value) input[part] = { file: `body.trakt.${part}`, value };
  }
  return parsing(() => parseTrakt(input));
}
