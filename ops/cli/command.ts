// One command of the ops command line, and the mistake in how it was called (exit 2).
import type { Core } from '../system.ts';
import type { CliIo } from './io.ts';

/** A mistake in the command line itself: printed as is, exit 2. */
export class UsageError extends Error {}

export type OptionValues = Record<string, string | boolean | undefined>;

export type Command = {
  readonly summary: string;
  readonly usage: string;
  readonly options?: Record<string, { type: 'string' | 'boolean' }>;
  run(core: Core, positionals: string[], values: OptionValues, io: CliIo): Promise<void>;
};
