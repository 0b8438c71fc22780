import { createStore, get, set } from 'idb-keyval';
import { ApiRefusal, isRecord } from '../shared/api.ts';
import { formsApi } from './api.ts';

/** One question of a form: spec 002's {id, t, q, o}. */
export type Question =
  | { readonly id: string; readonly t: 'one' | 'many'; readonly q: string; readonly o: readonly string[] }
  | { readonly id: string; readonly t: 'short' | 'long'; readonly q: string }
  | { readonly id: string; readonly t: 'grid'; readonly q: string; readonly o: { readonly rows: readonly string[]; readonly columns: readonly string[] } };

export type FormDefinition = {
  readonly name: string;
  readonly title: string;
  readonly intro?: string | undefined;
  readonly questions: readonly Question[];
};

export function isFormDefinition(value: unknown): value is FormDefinition {
  return isRecord(value) && typeof value['title'] === 'string' && Array.isArray(value['questions']);
}

const definitions = createStore('forms-definitions', 'definitions');

export type DefinitionResult = { readonly kind: 'found'; readonly definition: FormDefinition } | { readonly kind: 'missing' } | { readonly kind: 'unreachable' };

/** The form's questions, from the server, or the copy kept from the last visit when offline. */
export async function loadDefinition(name: string): Promise<DefinitionResult> {
  try {
    const definition = await formsApi.get('/api/forms/{name}/questions', { path: { name }, accept: isFormDefinition });
    void set(name, definition, definitions).catch(() => undefined);
    return { kind: 'found', definition };
  } catch (error) {
    if (error instanceof ApiRefusal && error.status === 404) return { kind: 'missing' };
    const kept = await get<FormDefinition>(name, definitions).catch(() => undefined);
    return kept ? { kind: 'found', definition: kept } : { kind: 'unreachable' };
  }
}
