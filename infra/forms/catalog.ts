// The questionnaires: one JSON file per form in FORMS_DIR, `<form name>.json`. Files are read when a
// form is asked for and kept until their modification time or size changes, so adding or editing a
// file needs no restart.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type FormDefinition, formDefinitionSchema } from '../../domain/forms/definition.ts';
import { formNameSchema } from '../../domain/forms/form.ts';
import { HttpError } from '../http/errors.ts';

/** A questionnaire file that cannot be used; the message names the file and the field. */
export class FormDefinitionError extends Error {
  readonly file: string;
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'FormDefinitionError';
    this.file = file;
  }
}

/** Parses one file's text; throws FormDefinitionError naming `file` and the first bad field. */
export function parseFormDefinition(file: string, text: string): FormDefinition {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FormDefinitionError(file, `not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = formDefinitionSchema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : '(the whole file)';
  throw new FormDefinitionError(file, `${field}: ${issue.message}`);
}

const isMissing = (error: unknown): boolean => {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/**
 * Every questionnaire in `dir`, each checked; the first unusable one (or a missing folder) throws
 * FormDefinitionError naming it. `npm start` runs this before it starts anything.
 */
export async function checkFormsDir(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) throw new FormDefinitionError(dir, 'FORMS_DIR: no such folder');
    throw error;
  }
  const names: string[] = [];
  for (const entry of entries.filter((entry) => entry.isFile() && entry.name.endsWith('.json')).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(dir, entry.name);
    const name = entry.name.slice(0, -'.json'.length);
    if (!formNameSchema.safeParse(name).success) {
      throw new FormDefinitionError(file, 'the file name is the form name: letters, digits, - and _, at most 80, starting with a letter or digit');
    }
    parseFormDefinition(file, await readFile(file, 'utf8'));
    names.push(name);
  }
  return names;
}

/** Without a questionnaire file the name is not a form: its API routes and its page answer this. */
export const formNotFound = (name: string): HttpError => new HttpError(404, 'FORM_NOT_FOUND', `there is no form named ${name}`);

export type FormCatalog = {
  readonly dir: string;
  /** the form's questionnaire; null when it has no file, or an unusable one (reported to onInvalid) */
  find(name: string): Promise<FormDefinition | null>;
  has(name: string): Promise<boolean>;
};

export type FormCatalogOptions = {
  readonly dir: string;
  /** an unusable file, once per version of it: the form answers 404 meanwhile */
  readonly onInvalid: (error: FormDefinitionError) => void;
};

export function createFormCatalog(options: FormCatalogOptions): FormCatalog {
  const dir = path.resolve(options.dir);
  const cache = new Map<string, { readonly stamp: string; readonly definition: FormDefinition | null }>();

  async function find(name: string): Promise<FormDefinition | null> {
    // a valid form name has no path separator or dot: it cannot leave the folder
    if (!formNameSchema.safeParse(name).success) return null;
    const file = path.join(dir, `${name}.json`);
    let stamp: string;
    try {
      const stats = await stat(file);
      if (!stats.isFile()) return null;
      stamp = `${stats.mtimeMs}:${stats.size}`;
    } catch (error) {
      if (!isMissing(error)) options.onInvalid(new FormDefinitionError(file, `cannot be read: ${(error as Error).message}`));
      cache.delete(name);
      return null;
    }
    const cached = cache.get(name);
    if (cached?.stamp === stamp) return cached.definition;
    let definition: FormDefinition | null = null;
    try {
      definition = parseFormDefinition(file, await readFile(file, 'utf8'));
    } catch (error) {
      if (isMissing(error)) return null;
      options.onInvalid(error instanceof FormDefinitionError ? error : new FormDefinitionError(file, `cannot be read: ${(error as Error).message}`));
    }
    cache.set(name, { stamp, definition });
    return definition;
  }

  return {
    dir,
    find,
    has: async (name) => (await find(name)) !== null,
  };
}
