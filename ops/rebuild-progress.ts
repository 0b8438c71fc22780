// How `ops rebuild` shows its progress: a bar on a terminal, a JSON line every few seconds otherwise
// (a log collector reads those). Both go to stderr: stdout keeps the one result line.
import cliProgress from 'cli-progress';

export const PROGRESS_EVERY_MS = 2000;

export type RebuildProgress = { update(read: number): void; done(): void };

export type ProgressLine = { readonly rebuild: string; readonly read: number; readonly total: number; readonly perSecond: number; readonly etaSeconds: number | null };

/** Events per second so far and the seconds left at that rate; null while nothing has been read. */
export function progressLine(projection: string, read: number, total: number, elapsedMs: number): ProgressLine {
  const perSecond = elapsedMs > 0 ? Math.round((read / elapsedMs) * 1000) : 0;
  const etaSeconds = perSecond > 0 ? Math.max(0, Math.round((total - read) / perSecond)) : null;
  return { rebuild: projection, read, total, perSecond, etaSeconds };
}

export function rebuildProgress(options: {
  readonly projection: string;
  readonly total: number;
  readonly terminal: boolean;
  readonly write: (line: string) => void;
  readonly stream?: NodeJS.WritableStream;
  readonly now?: () => number;
}): RebuildProgress {
  const now = options.now ?? Date.now;
  const started = now();
  if (options.terminal) {
    const bar = new cliProgress.SingleBar(
      { format: `${options.projection} [{bar}] {value}/{total} events | {speed}/s | ETA {eta_formatted}`, stream: options.stream ?? process.stderr, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(options.total, 0, { speed: 0 });
    return {
      update(read) {
        // events written during the rebuild are read too: the total grows with them
        if (read > bar.getTotal()) bar.setTotal(read);
        bar.update(read, { speed: progressLine(options.projection, read, bar.getTotal(), now() - started).perSecond });
      },
      done: () => bar.stop(),
    };
  }
  let last = started;
  let latest = 0;
  const line = (read: number) => options.write(JSON.stringify(progressLine(options.projection, read, Math.max(options.total, read), now() - started)));
  line(0);
  return {
    update(read) {
      latest = read;
      if (now() - last < PROGRESS_EVERY_MS) return;
      last = now();
      line(read);
    },
    done: () => line(latest),
  };
}
