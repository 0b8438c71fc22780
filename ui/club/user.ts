import { isRecord } from '../shared/api.ts';

export type User = { readonly id: string; readonly username: string; readonly canChangePassword: boolean };
export const isUser = (value: unknown): value is User => isRecord(value) && typeof value['username'] === 'string' && typeof value['canChangePassword'] === 'boolean';

/** Moves to another screen of the app without a page load. */
export type Navigate = (path: string) => void;
