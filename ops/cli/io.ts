// What the ops command line reads and writes: the process's streams and environment when run as
// `npm run ops`, anything else when a test runs it in its own process.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export type CliIo = {
  /** one line of the result, to stdout */
  readonly out: (line: string) => void;
  /** one line of an error or of progress, to stderr */
  readonly err: (line: string) => void;
  /** the environment the configuration is read from, as `npm start` reads it */
  readonly env: NodeJS.ProcessEnv;
  /** stderr is a terminal: a rebuild draws a bar there instead of JSON lines */
  readonly errIsTerminal: boolean;
  /** the first line of standard input ('' when it has none), for --password-stdin */
  readonly firstLine: () => Promise<string>;
  /** asks on the terminal without echoing what is typed; null when standard input is no terminal */
  readonly askHidden: ((prompt: string) => Promise<string>) | null;
};

export async function firstLineOf(input: Readable): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) return line;
  return '';
}

/** The process's own: its stdout, stderr, stdin and environment. */
export function processIo(): CliIo {
  return {
    out: (line) => void process.stdout.write(`${line}\n`),
    err: (line) => void process.stderr.write(`${line}\n`),
    env: process.env,
    errIsTerminal: process.stderr.isTTY === true,
    firstLine: () => firstLineOf(process.stdin),
    askHidden: process.stdin.isTTY ? askOnTerminal : null,
  };
}

/** Reads one line from the terminal without echoing it. */
function askOnTerminal(prompt: string): Promise<string> {
  const input = process.stdin;
  input.setRawMode(true);
  process.stderr.write(prompt);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (): void => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string): void => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          done();
          resolve(typed);
          return;
        }
        // raw mode turns Ctrl-C and Ctrl-D into plain characters
        if (char === '\u0003' || (char === '\u0004' && typed === '')) {
          done();
          reject(new Error('cancelled'));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = Array.from(typed).slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
  });
}
