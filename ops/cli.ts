// `npm run ops -- <command>`: the operators' and auditors' command line.
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { replacePassword } from '../command-api/accounts/password.ts';
import { recordAccountCreated, recordPasswordChanged, removeClubUser } from '../command-api/club/user.ts';
import { passwordOf, usernameSchema } from '../domain/accounts/credentials.ts';
import { fold } from '../domain/shared/aggregate.ts';
import { type Account, LoginTakenError } from '../infra/accounts/accounts.ts';
import { ConfigError, loadConfig } from '../infra/config.ts';
import { logBatches } from '../infra/eventstore/log-batches.ts';
import { formatPosition, type Position, type RecordedEvent, START } from '../infra/eventstore/port.ts';
import { readProjectionStates, readProjectorRunners, rebuildProjection } from '../projections/runtime.ts';
import { aggregateOfStream, stateJson } from './aggregates.ts';
import { parkEventFor } from './park.ts';
import { rebuildProgress } from './rebuild-progress.ts';
import { findProjection, openCore, projections, type Core } from './system.ts';
import { verifyLog } from './verify.ts';

class UsageError extends Error {}

type Command = {
  readonly summary: string;
  readonly usage: string;
  readonly options?: Record<string, { type: 'string' | 'boolean' }>;
  run(core: Core, positionals: string[], values: Record<string, string | boolean | undefined>): Promise<void>;
};

const out = (line: string): void => void process.stdout.write(`${line}\n`);
const err = (line: string): void => void process.stderr.write(`${line}\n`);

function eventLine(event: RecordedEvent): string {
  return JSON.stringify({
    position: formatPosition(event.position),
    stream: event.stream,
    revision: Number(event.revision),
    time: event.recordedAt.toISOString(),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  });
}

async function firstLineOfStdin(): Promise<string> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) return line;
  return '';
}

/** Reads one line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
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

/** The new password: the first line of stdin with --password-stdin, else asked twice on the terminal. */
async function readNewPassword(values: Record<string, string | boolean | undefined>, username: string): Promise<string> {
  let password: string;
  if (values['password-stdin']) {
    password = await firstLineOfStdin();
  } else {
    if (!process.stdin.isTTY) throw new UsageError('no terminal to ask for the password; pipe it in with --password-stdin');
    password = await askHidden('New password: ');
    if ((await askHidden('Repeat the password: ')) !== password) throw new UsageError('the two passwords differ');
  }
  const parsed = passwordOf(username).safeParse(password);
  if (!parsed.success) throw new UsageError(`password: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

function usernameArgument(command: string, positionals: string[]): string {
  const [name, extra] = positionals;
  if (name === undefined) throw new UsageError(`${command} needs a username`);
  if (extra !== undefined) throw new UsageError(`${command}: unexpected argument ${extra}`);
  const parsed = usernameSchema.safeParse(name);
  if (!parsed.success) throw new UsageError(`username: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

async function existingClubUser(core: Core, username: string): Promise<Account> {
  const account = await core.accounts.findByLogin('club', username);
  if (!account) throw new Error(`no club user ${username}`);
  return account;
}

const commands: Record<string, Command> = {
  migrate: {
    summary: 'create or update the event store and state tables (also done at every start)',
    usage: 'migrate',
    async run() {
      out('migrations applied');
    },
  },
  rebuild: {
    summary:
      'replay the whole log into fresh read tables and swap them in while the service runs; progress on stderr (a bar on a terminal, a JSON line every 2 s otherwise)',
    usage: `rebuild <projection>    projections: ${projections.map((p) => p.name).join(', ')}`,
    async run(core, [name]) {
      if (!name) throw new UsageError('rebuild needs a projection name');
      const projection = findProjection(name);
      if (!projection) throw new UsageError(`unknown projection ${name}; known: ${projections.map((p) => p.name).join(', ')}`);
      const log = { info: () => undefined, warn: (o: object, m?: string) => err(`${m ?? ''} ${JSON.stringify(o)}`), error: (o: object, m?: string) => err(`${m ?? ''} ${JSON.stringify(o)}`) };
      const progress = rebuildProgress({ projection: name, total: await core.store.count(), terminal: process.stderr.isTTY === true, write: err });
      const report = await rebuildProjection({ pool: core.db.slonik, store: core.store, projection, log, onProgress: progress.update }).finally(progress.done);
      out(`rebuilt ${name}: ${report.events} events in ${report.seconds.toFixed(2)} s`);
    },
  },
  status: {
    summary:
      "each projection: caught-up, behind, not built or stopped (and on which event), its lag in events and seconds, its stored and code versions, and which process runs it; --json for one JSON line each",
    usage: 'status [--json]',
    options: { json: { type: 'boolean' } },
    async run(core, _positionals, values) {
      const now = Date.now();
      const head = await core.store.headPosition();
      const states = await readProjectionStates(core.db.slonik);
      const runners = await readProjectorRunners(core.db.slonik, projections.map((projection) => projection.name));
      for (const projection of projections) {
        const state = states.find((candidate) => candidate.name === projection.name);
        const checkpoint = state?.checkpoint ?? null;
        const stopped = state?.stopped ?? null;
        const lag = await lagAfter(core, checkpoint?.position ?? START, now);
        const condition = stopped ? 'stopped' : !checkpoint ? 'not built' : lag.events === 0 ? 'caught-up' : 'behind';
        const runner = runners.get(projection.name) ?? null;
        const line = {
          projection: projection.name,
          state: condition,
          version: checkpoint?.version ?? null,
          codeVersion: projection.version,
          checkpoint: checkpoint ? formatPosition(checkpoint.position) : null,
          head: formatPosition(head),
          lagEvents: lag.events,
          lagSeconds: lag.seconds,
          running: runner,
          ...(stopped
            ? {
                stoppedOn: {
                  position: formatPosition(stopped.event.position),
                  stream: stopped.event.stream,
                  revision: Number(stopped.event.revision),
                  type: stopped.event.type,
                  error: stopped.error,
                  since: stopped.since,
                },
              }
            : {}),
        };
        if (values.json) {
          out(JSON.stringify(line));
          continue;
        }
        const version = line.version === line.codeVersion ? `v${line.codeVersion}` : `v${line.version ?? '-'} (code v${line.codeVersion}: rebuilt at the next start)`;
        const lagText = `${lag.events >= LAG_COUNT_LIMIT ? `${LAG_COUNT_LIMIT}+` : lag.events} events, ${lag.seconds} s behind`;
        out(`${projection.name.padEnd(6)} ${condition.padEnd(9)} ${version}  ${lagText}  ${runner ? `run by ${runner.by}${runner.from ? ` from ${runner.from}` : ''} since ${runner.since}` : 'not running'}`);
        if (line.stoppedOn) out(`       stopped on ${line.stoppedOn.stream}@${line.stoppedOn.revision} (${line.stoppedOn.position}, ${line.stoppedOn.type}) since ${line.stoppedOn.since}: ${line.stoppedOn.error}`);
      }
    },
  },
  park: {
    summary: 'let a projection skip one event it cannot apply; the record and its reason go to the log (ops.parked-<projection>)',
    usage: 'park <projection> <commit/prepare | stream@revision> --reason "<why>"    `status` shows the event a projector is stopped on',
    options: { reason: { type: 'string' } },
    async run(core, [name, target, extra], values) {
      if (!name || !target) throw new UsageError('park needs a projection name and the event (commit/prepare or stream@revision)');
      if (extra !== undefined) throw new UsageError(`park: unexpected argument ${extra}`);
      if (!findProjection(name)) throw new UsageError(`unknown projection ${name}; known: ${projections.map((p) => p.name).join(', ')}`);
      const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
      if (reason === '') throw new UsageError('park needs --reason "<why>": the auditors read it');
      const record = await parkEventFor(core, name, target, reason);
      out(`parked ${record.stream}@${record.revision} (${record.position}, ${record.eventType}) for projection ${name}: ${record.reason}`);
    },
  },
  audit: {
    summary:
      "print a stream's events as JSON lines, or with --at the aggregate's state at that time; " +
      'with --verify, fold a stream (or --all of them) and print a summary: every event parses with its schema version and applies, revisions have no gap',
    usage: 'audit <stream> [--at <ISO time>] | audit --verify <stream|--all>    e.g. audit forms.form-welcome --at 2026-11-25T12:00:00Z',
    options: { at: { type: 'string' }, verify: { type: 'boolean' }, all: { type: 'boolean' } },
    async run(core, [stream], values) {
      if (values.verify) {
        if (values.at !== undefined) throw new UsageError('--verify checks the whole history: it takes no --at');
        if (Boolean(stream) === Boolean(values.all)) throw new UsageError('--verify needs one stream name, or --all');
        const summary = await verifyLog(stream ? readOneStream(core, stream) : logBatches(core.store, START, 1000), () => new Date());
        out(JSON.stringify(summary, null, 2));
        if (!summary.ok) throw new Error(`the log has ${summary.problems.length} problem(s); see "problems" above`);
        return;
      }
      if (values.all) throw new UsageError('--all goes with --verify');
      if (!stream) throw new UsageError('audit needs a stream name');
      const at = typeof values.at === 'string' ? values.at : null;
      const time = at === null ? null : Date.parse(at);
      if (Number.isNaN(time)) throw new UsageError(`--at: not an ISO time: ${at}`);
      const aggregate = aggregateOfStream(stream);
      if (time !== null && !aggregate) throw new UsageError(`--at: no aggregate is known for stream ${stream}`);
      const events = await core.store.readStream(stream);
      if (events.length === 0) throw new Error(`stream ${stream} has no events`);
      if (time === null || !aggregate) {
        for (const event of events) out(eventLine(event));
        return;
      }
      const upTo = events.filter((event) => event.recordedAt.getTime() <= time);
      const last = upTo[upTo.length - 1];
      out(
        JSON.stringify({
          stream,
          at: new Date(time).toISOString(),
          revision: last ? Number(last.revision) : null,
          events: upTo.length,
          state: stateJson(fold(aggregate, upTo)),
        }),
      );
    },
  },
  'club:user add': {
    summary: 'create a club account (it may not change its own password until allowed)',
    usage: 'club:user add <username> [--password-stdin]    the password is asked twice, or read from the first line of stdin',
    options: { 'password-stdin': { type: 'boolean' } },
    async run(core, positionals, values) {
      const username = usernameArgument('club:user add', positionals);
      // before asking for a password that could not be used
      if (await core.accounts.findByLogin('club', username)) throw new Error(`club user ${username} already exists`);
      const password = await readNewPassword(values, username);
      let account: Account;
      try {
        account = await core.accounts.create('club', username, password, { canChangePassword: false });
      } catch (error) {
        if (error instanceof LoginTakenError) throw new Error(`club user ${username} already exists`);
        throw error;
      }
      await recordAccountCreated(core.commands, account, randomUUID());
      out(`created club user ${account.login} (id ${account.id})`);
    },
  },
  'club:user passwd': {
    summary: "set a club account's password and end all its sessions",
    usage: 'club:user passwd <username> [--password-stdin]    the password is asked twice, or read from the first line of stdin',
    options: { 'password-stdin': { type: 'boolean' } },
    async run(core, positionals, values) {
      const account = await existingClubUser(core, usernameArgument('club:user passwd', positionals));
      const password = await readNewPassword(values, account.login);
      // an operator sets a password when the old one is lost or leaked: no device keeps using it
      await replacePassword({ pool: core.db.slonik, accounts: core.accounts, sessions: core.sessions.club }, account.id, password);
      await recordPasswordChanged(core.commands, account.id, core.now(), { userId: null, correlationId: randomUUID() });
      out(`password of club user ${account.login} changed; its sessions ended`);
    },
  },
  'club:user allow-password-change': {
    summary: 'let a club account change its own password (--off takes the permission away)',
    usage: 'club:user allow-password-change <username> [--off]',
    options: { off: { type: 'boolean' } },
    async run(core, positionals, values) {
      const account = await existingClubUser(core, usernameArgument('club:user allow-password-change', positionals));
      const allowed = !values.off;
      await core.accounts.setCanChangePassword(account.id, allowed);
      out(`club user ${account.login} ${allowed ? 'may now' : 'may no longer'} change its own password`);
    },
  },
  'club:user remove': {
    summary: "remove a club account: its password, sessions and account history; the people and nights it edited stay with the club",
    usage:
      'club:user remove <username>    the people, nights and settings it edited stay; their history keeps its id only as an opaque actor id',
    async run(core, positionals) {
      const account = await existingClubUser(core, usernameArgument('club:user remove', positionals));
      await removeClubUser({ ...core, sessions: core.sessions.club }, account.id);
      out(`removed club user ${account.login}; its sessions ended; the people and nights it edited stay`);
    },
  },
};

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

/** Lag is counted by reading the log after the checkpoint, up to this many events. */
const LAG_COUNT_LIMIT = 10_000;

/** The events after a checkpoint (counted up to LAG_COUNT_LIMIT), and how long the oldest of them has waited. */
async function lagAfter(core: Core, checkpoint: Position, now: number): Promise<{ events: number; seconds: number }> {
  let events = 0;
  let oldest: Date | null = null;
  for await (const batch of logBatches(core.store, checkpoint, 1000)) {
    oldest ??= batch[0]!.recordedAt;
    events += batch.length;
    if (events >= LAG_COUNT_LIMIT) return { events: LAG_COUNT_LIMIT, seconds: ageOf(oldest, now) };
  }
  return { events, seconds: ageOf(oldest, now) };
}

const ageOf = (oldest: Date | null, now: number): number => (oldest ? Math.max(0, Math.round((now - oldest.getTime()) / 1000)) : 0);

async function* readOneStream(core: Core, stream: string): AsyncGenerator<RecordedEvent[]> {
  const events = await core.store.readStream(stream);
  if (events.length === 0) throw new Error(`stream ${stream} has no events`);
  yield events;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    out(help());
    return name ? 0 : 1;
  }
  const resolved = resolveCommand(name, rest);
  if ('help' in resolved) {
    out(resolved.help);
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
    out(`usage: npm run ops -- ${command.usage}\n\n${command.summary}`);
    return 0;
  }
  const core = await openCore(loadConfig());
  try {
    await command.run(core, positionals, values);
  } finally {
    await core.close();
  }
  return 0;
}

let code: number;
try {
  code = await main(process.argv.slice(2));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  err(error instanceof ConfigError || error instanceof UsageError ? message : `error: ${message}`);
  code = error instanceof UsageError ? 2 : 1;
}
// explicit: the embedded server's exit hook would otherwise end the process with 0
process.exit(code);
