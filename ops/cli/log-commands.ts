// The commands on the log and the read tables: migrate, rebuild, status, partition, park, audit.
import { fold } from '../../domain/shared/aggregate.ts';
import { logBatches } from '../../infra/eventstore/log-batches.ts';
import { formatPosition, type RecordedEvent, START } from '../../infra/eventstore/port.ts';
import { listEventPartitions, partitionEventLog, rollEventPartition } from '../../infra/eventstore/postgres-partitions.ts';
import { readProjectionLag } from '../../projections/lag.ts';
import { readProjectionStates } from '../../projections/runtime/projection-states.ts';
import { readProjectorRunners } from '../../projections/runtime/projector-lock.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { aggregateOfStream, stateJson } from '../aggregates.ts';
import { parkEventFor } from '../park.ts';
import { rebuildProgress } from '../rebuild-progress.ts';
import { type Core, findProjection, projections } from '../system.ts';
import { verifyLog } from '../verify.ts';
import { type Command, UsageError } from './command.ts';

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

export const logCommands: Record<string, Command> = {
  migrate: {
    summary: 'create or update the event store and state tables (also done at every start)',
    usage: 'migrate',
    async run(_core, _positionals, _values, io) {
      io.out('migrations applied');
    },
  },
  rebuild: {
    summary:
      'replay the whole log into fresh read tables and swap them in while the service runs; progress on stderr (a bar on a terminal, a JSON line every 2 s otherwise)',
    usage: `rebuild <projection>    projections: ${projections.map((p) => p.name).join(', ')}`,
    async run(core, [name], _values, io) {
      if (!name) throw new UsageError('rebuild needs a projection name');
      const projection = findProjection(name);
      if (!projection) throw new UsageError(`unknown projection ${name}; known: ${projections.map((p) => p.name).join(', ')}`);
      const log = { info: () => undefined, warn: (o: object, m?: string) => io.err(`${m ?? ''} ${JSON.stringify(o)}`), error: (o: object, m?: string) => io.err(`${m ?? ''} ${JSON.stringify(o)}`) };
      const progress = rebuildProgress({ projection: name, total: await core.store.count(projection.streams), terminal: io.errIsTerminal, write: io.err });
      const report = await rebuildProjection({ pool: core.db.slonik, store: core.store, projection, log, onProgress: progress.update }).finally(progress.done);
      io.out(`rebuilt ${name}: ${report.events} events in ${report.seconds.toFixed(2)} s`);
    },
  },
  status: {
    summary:
      "each projection: caught-up, behind, not built or stopped (and on which event), its lag (the events of its own streams it has yet to apply) in events and seconds, its stored and code versions, and which process runs it; --json for one JSON line each",
    usage: 'status [--json]',
    options: { json: { type: 'boolean' } },
    async run(core, _positionals, values, io) {
      const now = Date.now();
      const head = await core.store.headPosition();
      const states = await readProjectionStates(core.db.slonik);
      const runners = await readProjectorRunners(core.db.slonik, projections.map((projection) => projection.name));
      const lags = await readProjectionLag({ pool: core.db.slonik, store: core.store }, projections, { limit: LAG_COUNT_LIMIT, now, pastOthers: true });
      for (const projection of projections) {
        const state = states.find((candidate) => candidate.name === projection.name);
        const checkpoint = state?.checkpoint ?? null;
        const stopped = state?.stopped ?? null;
        const found = lags.find((candidate) => candidate.projection === projection.name)!;
        const lag = { events: found.events, seconds: Math.round(found.seconds) };
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
          io.out(JSON.stringify(line));
          continue;
        }
        const version = line.version === line.codeVersion ? `v${line.codeVersion}` : `v${line.version ?? '-'} (code v${line.codeVersion}: rebuilt at the next start)`;
        const lagText = `${lag.events >= LAG_COUNT_LIMIT ? `${LAG_COUNT_LIMIT}+` : lag.events} events, ${lag.seconds} s behind`;
        io.out(`${projection.name.padEnd(6)} ${condition.padEnd(9)} ${version}  ${lagText}  ${runner ? `run by ${runner.by}${runner.from ? ` from ${runner.from}` : ''} since ${runner.since}` : 'not running'}`);
        if (line.stoppedOn) io.out(`       stopped on ${line.stoppedOn.stream}@${line.stoppedOn.revision} (${line.stoppedOn.position}, ${line.stoppedOn.type}) since ${line.stoppedOn.since}: ${line.stoppedOn.error}`);
      }
    },
  },
  partition: {
    summary:
      "PostgreSQL log only: the first time, make es.events partitioned by transaction (the table so far its first partition); " +
      'after that, close the newest partition at the last transaction and open the next (monthly, say: docs/scaling.md); appends wait for one partition\'s check',
    usage: 'partition',
    async run(core, positionals, _values, io) {
      if (positionals.length > 0) throw new UsageError(`partition takes no argument, got ${positionals.join(' ')}`);
      if (core.config.EVENTSTORE_URL) throw new UsageError('partition is for the PostgreSQL log; EVENTSTORE_URL names an EventStoreDB server');
      const partitions = (await listEventPartitions(core.db.pg)).length === 0 ? await partitionEventLog(core.db.pg) : await rollEventPartition(core.db.pg);
      for (const partition of partitions) io.out(`es.${partition.name.padEnd(10)} transactions ${partition.from ?? 'first'} to ${partition.to === null ? 'now on' : `before ${partition.to}`}`);
    },
  },
  park: {
    summary: 'let a projection skip one event it cannot apply; the record and its reason go to the log (ops.parked-<projection>)',
    usage: 'park <projection> <commit/prepare | stream@revision> --reason "<why>"    `status` shows the event a projector is stopped on',
    options: { reason: { type: 'string' } },
    async run(core, [name, target, extra], values, io) {
      if (!name || !target) throw new UsageError('park needs a projection name and the event (commit/prepare or stream@revision)');
      if (extra !== undefined) throw new UsageError(`park: unexpected argument ${extra}`);
      if (!findProjection(name)) throw new UsageError(`unknown projection ${name}; known: ${projections.map((p) => p.name).join(', ')}`);
      const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
      if (reason === '') throw new UsageError('park needs --reason "<why>": the auditors read it');
      const record = await parkEventFor(core, name, target, reason);
      io.out(`parked ${record.stream}@${record.revision} (${record.position}, ${record.eventType}) for projection ${name}: ${record.reason}`);
    },
  },
  audit: {
    summary:
      "print a stream's events as JSON lines, or with --at the aggregate's state at that time; " +
      'with --verify, fold a stream (or --all of them) and print a summary: every event parses with its schema version and applies, revisions have no gap',
    usage: 'audit <stream> [--at <ISO time>] | audit --verify <stream|--all>    e.g. audit forms.form-welcome --at 2026-11-25T12:00:00Z',
    options: { at: { type: 'string' }, verify: { type: 'boolean' }, all: { type: 'boolean' } },
    async run(core, [stream], values, io) {
      if (values.verify) {
        if (values.at !== undefined) throw new UsageError('--verify checks the whole history: it takes no --at');
        if (Boolean(stream) === Boolean(values.all)) throw new UsageError('--verify needs one stream name, or --all');
        const summary = await verifyLog(stream ? readOneStream(core, stream) : logBatches(core.store, START, 1000), () => new Date());
        io.out(JSON.stringify(summary, null, 2));
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
        for (const event of events) io.out(eventLine(event));
        return;
      }
      const upTo = events.filter((event) => event.recordedAt.getTime() <= time);
      const last = upTo[upTo.length - 1];
      io.out(
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
};

/** Lag is counted by reading the projection's own events after its checkpoint (projections/lag.ts), up to this many. */
const LAG_COUNT_LIMIT = 10_000;

async function* readOneStream(core: Core, stream: string): AsyncGenerator<RecordedEvent[]> {
  const events = await core.store.readStream(stream);
  if (events.length === 0) throw new Error(`stream ${stream} has no events`);
  yield events;
}
