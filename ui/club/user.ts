import { isRecord } from '../shared/api.ts';
import type { Schemas } from './api.ts';

export type User = Schemas['ClubUser'];
export const isUser = (value: unknown): value is User => isRecord(value) && typeof value['username'] === 'string' && typeof value['canChangePassword'] === 'boolean';

/** Moves to another screen of the app without a page load. */
export type Navigate = (path: string) => void;
