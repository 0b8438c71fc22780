// `npm run ops -- <command>`: the operators' and auditors' command line.
import { parseArgs } from 'node:util';
import { fold } from '../domain/shared/aggregate.ts';
import { ConfigError, loadConfig } from '../infra/config.ts';
import { formatPosition, type RecordedEvent } from '../infra/eventstore/port.ts';
import { rebuildProjection } from '../projections/runtime.ts';
import { aggregateOfStream } from './aggregates.ts';
import { findProjection, openCore, projections, type Core } from './system.ts';

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

const commands: Record<string, Command> = {
  migrate: {
    summary: 'create or update the event store and state tables (also done at every start)',
    usage: 'migrate',
    async run() {
      out('migrations applied');
    },
  },
  rebuild: {
    summary: 'replay the whole log into fresh read tables and swap them in while the service runs',
    usage: `rebuild <projection>    projections: ${projections.map((p) => p.name).join(', ')}`,
    async run(core, [name]) {
      if (!name) throw new UsageError('rebuild needs a projection name');
      const projection = findProjection(name);
      if (!projection) throw new UsageError(`unknown projection ${name}; known: ${projections.map((p) => p.name).join(', ')}`);
      const log = { info: () => undefined, warn: (o: object, m?: string) => err(`${m ?? ''} ${JSON.stringify(o)}`), error: (o: object, m?: string) => err(`${m ?? ''} ${JSON.stringify(o)}`) };
      const report = await rebuildProjection({ pool: core.db.slonik, store: core.store, projection, log });
      out(`rebuilt ${name}: ${report.events} events in ${report.seconds.toFixed(2)} s`);
    },
  },
  audit: {
    summary: "print a stream's events as JSON lines, or with --at the aggregate's state at that time",
    usage: 'audit <stream> [--at <ISO time>]    e.g. audit forms.form-welcome --at 2026-11-25T12:00:00Z',
    options: { at: { type: 'string' } },
    async run(core, [stream], values) {
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
          state: fold(aggregate, upTo),
        }),
      );
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

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    out(help());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) throw new UsageError(`unknown command ${name}; run with --help for the list`);
  const { positionals, values } = parseArgs({
    args: rest,
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
