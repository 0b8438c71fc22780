// The embedded server's supervision, as lines of the process's log.
import type { EmbeddedPostgresEvent } from './embedded.ts';

export type EmbeddedEventLine = {
  readonly level: 'error' | 'warn' | 'info';
  readonly entry: Readonly<Record<string, unknown>>;
  readonly message: string;
};

export function describeEmbeddedEvent(event: EmbeddedPostgresEvent): EmbeddedEventLine {
  switch (event.kind) {
    case 'went-away':
      // a joined server stopping with the process that owned it is a hand-over, not a crash
      return {
        level: event.owned ? 'error' : 'warn',
        entry: { postmasterPid: event.pid, owned: event.owned },
        message: 'embedded PostgreSQL went away',
      };
    case 'restart-scheduled':
      return { level: 'warn', entry: { attempt: event.attempt, backoffMs: event.backoffMs }, message: 'embedded PostgreSQL restart scheduled' };
    case 'restart-failed':
      return { level: 'warn', entry: { attempt: event.attempt, err: event.error }, message: 'embedded PostgreSQL restart failed' };
    case 'back':
      return { level: 'info', entry: { attempt: event.attempt, postmasterPid: event.pid, joined: event.joined }, message: 'embedded PostgreSQL is back' };
  }
}
