// Test support: the ops command line run in the test's own process, or as operators run it, a process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import { firstLineOf } from './io.ts';
import { runCli } from './run.ts';

export type CliRun = { readonly code: number | null; readonly out: string; readonly err: string };

/**
 * `runCli` on the given environment (over this process's); `input`, when given, is the whole standard
 * input. As in a spawned process with piped streams: no terminal on stdin or stderr.
 */
export async function runInProcess(args: string[], env: Record<string, string> = {}, input?: string): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await runCli(args, {
    out: (line) => void (out += `${line}\n`),
    err: (line) => void (err += `${line}\n`),
    env: { ...process.env, ...env },
    errIsTerminal: false,
    firstLine: () => firstLineOf(Readable.from(input === undefined ? [] : [input])),
    askHidden: null,
  });
  return { code, out, err };
}

const entry = path.join(import.meta.dirname, '..', 'cli.ts');

/** `node ops/cli.ts …` as a child process; `input` (when given) is its whole stdin, otherwise stdin is closed at once. */
export function runSpawned(args: string[], env: Record<string, string>, input?: string): Promise<CliRun> {
  const child = spawn(process.execPath, [entry, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdin.end(input ?? '');
  // 'close', not 'exit': the output is all read once the streams are closed
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })));
}
