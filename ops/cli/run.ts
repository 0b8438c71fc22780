// The ops command line as a function: arguments in, lines out through `io`, the exit code back.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../infra/config.ts';
import { openCore } from '../system.ts';
import { clubUserCommands } from './club-user-commands.ts';
import { type Command, UsageError } from './command.ts';
import type { CliIo } from './io.ts';
import { logCommands } from './log-commands.ts';

export type { CliIo } from './io.ts';

const commands: Record<string, Command> = { ...logCommands, ...clubUserCommands };

function help(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  return [
    'usage: npm run ops -- <command> [arguments] [--help]',
    '',
    'commands:',
    ...Object.entries(commands).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`),
    '',
    'The database and event store come from the same environment as `npm start` (DATABASE_URL, EVENTSTORE_URL, DATA_DIR).',
  ].join('\n');
}

/** A name like `club:user` groups the commands named `club:user <sub>`; the group's --help lists them. */
function resolveCommand(name: string, rest: string[]): { command: Command; args: string[] } | { help: string } {
  const command = commands[name];
  if (command) return { command, args: rest };
  const group = Object.keys(commands).filter((key) => key.startsWith(`${name} `));
  if (group.length === 0) throw new UsageError(`unknown command ${name}; run with --help for the list`);
  const subcommands = group.map((key) => key.slice(name.length + 1));
  const [sub, ...args] = rest;
  if (sub === '--help' || sub === '-h') {
    return { help: group.map((key) => `usage: npm run ops -- ${commands[key]!.usage}\n  ${commands[key]!.summary}`).join('\n') };
  }
  const subcommand = sub === undefined ? undefined : commands[`${name} ${sub}`];
  if (!subcommand) {
    throw new UsageError(`${name} needs one of: ${subcommands.join(', ')}${sub === undefined ? '' : ` (not ${sub})`}`);
  }
  return { command: subcommand, args };
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(help());
    return name ? 0 : 1;
  }
  const resolved = resolveCommand(name, rest);
  if ('help' in resolved) {
    io.out(resolved.help);
    return 0;
  }
  const { command, args } = resolved;
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { help: { type: 'boolean', short: 'h' }, ...command.options },
  });
  if (values.help) {
    io.out(`usage: npm run ops -- ${command.usage}\n\n${command.summary}`);
    return 0;
  }
  const core = await openCore(loadConfig(io.env));
  try {
    await command.run(core, positionals, values, io);
  } finally {
    await core.close();
  }
  return 0;
}

/** Runs one command line: 0 when it did its work, 2 for a mistake in the command line, 1 for any other failure (one line on `io.err`). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.err(error instanceof ConfigError || error instanceof UsageError ? message : `error: ${message}`);
    return error instanceof UsageError ? 2 : 1;
  }
}
