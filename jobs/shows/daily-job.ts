import { sql } from 'slonik';
import { z } from 'zod';
import {
  type Channel,
  channelsFor,
  dailyRunsAggregate,
  dailyRunsStream,
  dayBounds,
  type NotificationEvent,
  type NotificationKey,
  notificationStream,
  shardLabel,
  type UserShard,
} from '../../domain/shows/notification.ts';
import type { Episode, ShowDetail } from '../../domain/shows/tv.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { isP256PublicKey, isPushAuthSecret } from '../../infra/push/keys.ts';
import type { PushSender } from '../../infra/push/sender.ts';
import type { PushSubscriptionRow, PushSubscriptions } from '../../infra/push/subscriptions.ts';
import type { ShowCache } from '../../infra/tvmaze/cache.ts';
import type { TvData } from '../../infra/tvmaze/client.ts';
import type { Core } from '../../command-api/shared/core.ts';
import type { CommandContext, CommandObserver } from '../../command-api/shared/handle-command.ts';
import { cuid } from '../../infra/ids.ts';
import { notificationLedger } from './notification-ledger.ts';
import { pacer } from '../pace.ts';
import type { DailyJobReport } from '../../command-api/shows/notifications.ts';

export type DailyJobDeps = {
  readonly core: Core;
  readonly tv: TvData;
  readonly cache: ShowCache;
  readonly mailer: Mailer;
  readonly push: PushSender;
  readonly subscriptions: PushSubscriptions;
  readonly log?: (entry: object, message: string) => void;
  /** told of each notification sent or failed, for the process's metrics */
  readonly observer?: DailyJobObserver;
  /** told of the claims and outcomes appended straight to the store (see notificationLedger) */
  readonly writes?: CommandObserver;
  /** notifications started a second, at most (DAILY_JOB_SENDS_PER_SECOND); unset: as fast as the workers go */
  readonly sendsPerSecond?: number;
};

export type DailyJobObserver = {
  sent(channel: Channel): void;
  /** not claimed, or claimed and refused by the provider: as the report counts `failed` */
  failed(channel: Channel): void;
};


const CACHE_FRESH_MS = 12 * 60 * 60_000;
const CONCURRENCY = 16;

const recipientRow = z.object({
  user_id: z.string(),
  show_id: z.number(),
  email: z.string(),
  email_notifications: z.boolean(),
  push_notifications: z.boolean(),
});

/** `signal` stops the taking of new items; the ones under way finish. Each item waits for its turn of `pace`, when given. */
async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  signal: AbortSignal | undefined,
  work: (item: T) => Promise<void>,
  pace: (signal?: AbortSignal) => Promise<boolean> = pacer(null),
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal?.aborted) {
      const item = items[next++]!;
      // stopped while waiting for its turn: the item is not claimed, so the next run takes it
      if (!(await pace(signal))) return;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

function episodeLabel(episode: Episode): string {
  const code = `S${String(episode.season).padStart(2, '0')}${episode.number === null ? ' special' : `E${String(episode.number).padStart(2, '0')}`}`;
  return episode.name ? `${code} "${episode.name}"` : code;
}

/**
 * Whether the user id in `column` falls in `shard` (all users without one): its hash, made
 * non-negative, modulo the parts. PostgreSQL's `hashtext` is stable across servers and versions
 * of one major release; a shard's users change only when the number of parts does.
 */
const inShard = (column: string, shard: UserShard | null) =>
  shard === null || shard.count === 1
    ? sql.fragment`true`
    : sql.fragment`abs(hashtext(${sql.identifier(column.split('.'))})::bigint) % ${shard.count} = ${shard.index}`;

/**
 * The daily job: refresh the caches of tracked shows, find the episodes airing on `day` (Asia/Amman),
 * and send each tracker one notification per (episode, kind, channel), honouring the email and push
 * switches and the per-show notify flag. Safe to run again or in two workers at once: see
 * domain/shows/notification.ts for how a claim makes each send happen once. With `shard`, only that
 * part of the users is refreshed for and told, and its completion is recorded apart.
 */
export async function runDailyJob(
  deps: DailyJobDeps,
  day: string,
  options: { readonly signal?: AbortSignal; readonly correlationId?: string; readonly shard?: UserShard } = {},
): Promise<DailyJobReport> {
  const { signal, correlationId = cuid() } = options;
  const shard = options.shard ?? null;
  const { core, cache } = deps;
  const pool = core.db.slonik;
  const log = deps.log ?? (() => undefined);
  const context: CommandContext = { userId: null, correlationId };

  const startedAt = performance.now();
  // 1. refresh: every show tracked (in the part, by its users) whose copy is older than half a day;
  // a show tracked in two parts running at once may be fetched by both, and either copy serves
  const trackedIds = (await pool.anyFirst(sql.type(z.object({ show_id: z.number() }))`
    SELECT DISTINCT show_id FROM shows.tracked_shows WHERE ${inShard('user_id', shard)}`)) as readonly number[];
  const stale = await cache.stale(trackedIds, new Date(core.now().getTime() - CACHE_FRESH_MS));
  let refreshed = 0;
  let refreshFailed = 0;
  const fresh: ShowDetail[] = [];
  await inParallel(stale, 4, signal, async (showId) => {
    try {
      const detail = await deps.tv.show(showId);
      if (detail) fresh.push(detail);
      refreshed++;
    } catch (error) {
      refreshFailed++;
      log({ showId, err: error }, 'show cache refresh failed; the old copy stays');
    }
    if (fresh.length >= 100) await cache.put(fresh.splice(0), core.now());
  });
  await cache.put(fresh.splice(0), core.now());

  const refreshMs = Math.round(performance.now() - startedAt);
  const sendStartedAt = performance.now();
  // 2. the episodes airing that day
  const { start, end } = dayBounds(day);
  const airing = await cache.airing(start, end);
  const airingShows = [...new Set(airing.map((entry) => entry.showId))];
  const details = await cache.get(airingShows);

  // 3. who is told, and how
  const recipients = airingShows.length === 0 ? [] : await pool.any(sql.type(recipientRow)`
    SELECT t.user_id, t.show_id, u.email, u.email_notifications, u.push_notifications
    FROM shows.tracked_shows t JOIN shows.users u ON u.id = t.user_id
    WHERE t.notify AND t.show_id = ANY(${sql.array(airingShows, 'int4')})
      AND (u.email_notifications OR u.push_notifications) AND ${inShard('t.user_id', shard)}`);
  const pushUsers = [...new Set(recipients.filter((row) => row.push_notifications).map((row) => row.user_id))];
  const devices = new Map<string, PushSubscriptionRow[]>();
  for (const subscription of await deps.subscriptions.ofUsers(pushUsers)) {
    // stored before keys were checked at subscribe: every send to it would fail, run after run
    if (!isP256PublicKey(subscription.p256dh) || !isPushAuthSecret(subscription.auth)) {
      await deps.subscriptions.remove(subscription.userId, subscription.endpoint);
      log({ userId: subscription.userId }, 'push subscription with unusable keys deleted');
      continue;
    }
    devices.set(subscription.userId, [...(devices.get(subscription.userId) ?? []), subscription]);
  }
  const episodesByShow = new Map<number, Episode[]>();
  for (const { showId, episodeId } of airing) {
    const episode = details.get(showId)?.episodes.find((candidate) => candidate.id === episodeId);
    if (episode) episodesByShow.set(showId, [...(episodesByShow.get(showId) ?? []), episode]);
  }

  // keys the read side already knows as sent: skipped without a round trip to the log each; the
  // claim below stays what guarantees once, since the read side may lag behind
  const taken = new Set(
    airing.length === 0
      ? []
      : await pool.anyFirst(sql.type(z.object({ stream: z.string() }))`
          SELECT stream FROM shows.notification_log
          WHERE episode_id = ANY(${sql.array(airing.map((entry) => entry.episodeId), 'int4')}) AND status = 'sent'`),
  );

  // an episode the tracker has already marked watched is no news to them
  const recipientUsers = [...new Set(recipients.map((row) => row.user_id))];
  const seen = new Set(
    recipientUsers.length === 0
      ? []
      : (
          await pool.any(sql.type(z.object({ user_id: z.string(), episode_id: z.number() }))`
            SELECT user_id, episode_id FROM shows.watched_episodes
            WHERE user_id = ANY(${sql.array(recipientUsers, 'text')})
              AND episode_id = ANY(${sql.array(airing.map((entry) => entry.episodeId), 'int4')})`)
        ).map((row) => `${row.user_id} ${row.episode_id}`),
  );

  type Task = { key: NotificationKey; show: ShowDetail; episode: Episode; email: string };
  const tasks: Task[] = [];
  let skipped = 0;
  for (const row of recipients) {
    const show = details.get(row.show_id);
    if (!show) continue;
    for (const episode of episodesByShow.get(row.show_id) ?? []) {
      const channels = channelsFor({
        emailOn: row.email_notifications,
        pushOn: row.push_notifications,
        hasDevice: devices.has(row.user_id),
        // the query keeps only trackers whose flag is on
        notify: true,
        watched: seen.has(`${row.user_id} ${episode.id}`),
      });
      for (const channel of channels) {
        const key: NotificationKey = { userId: row.user_id, episodeId: episode.id, kind: 'episode-airing', channel };
        if (taken.has(notificationStream(key))) skipped++;
        else tasks.push({ key, show, episode, email: row.email });
      }
    }
  }

  // 4. claim, send, record
  let sent = 0;
  let failed = 0;
  const ledger = notificationLedger(core, correlationId, deps.writes);
  await inParallel(tasks, CONCURRENCY, signal, async ({ key, show, episode, email }) => {
    let claim: Awaited<ReturnType<typeof ledger.claim>>;
    try {
      claim = await ledger.claim(key, show.id);
    } catch (error) {
      // nothing was claimed, so the next run tries this one again
      failed++;
      deps.observer?.failed(key.channel);
      log({ key, err: error }, 'notification not claimed');
      return;
    }
    if (claim === null) {
      skipped++;
      return;
    }
    const when = episode.airstamp ? new Date(episode.airstamp).toISOString().slice(11, 16) : 'today';
    let outcome: NotificationEvent;
    try {
      if (key.channel === 'email') {
        await deps.mailer.send({
          to: email,
          subject: `${show.name} has a new episode today`,
          text: `${show.name} ${episodeLabel(episode)} airs today (${when} UTC)${show.network ? ` on ${show.network}` : ''}.\n\n${show.url}\n`,
        });
      } else {
        await sendPush(deps, devices.get(key.userId) ?? [], {
          title: `${show.name}: new episode today`,
          body: `${episodeLabel(episode)} airs at ${when} UTC`,
          showId: show.id,
          episodeId: episode.id,
        });
      }
      sent++;
      deps.observer?.sent(key.channel);
      outcome = { type: 'notification-sent', data: { notificationId: claim.notificationId, at: core.now().toISOString() } };
    } catch (error) {
      failed++;
      deps.observer?.failed(key.channel);
      log({ key, err: error }, 'notification not sent');
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown';
      outcome = { type: 'notification-failed', data: { notificationId: claim.notificationId, reason, at: core.now().toISOString() } };
    }
    // the send happened (or not) either way: a lost outcome only leaves the key claimed
    await ledger.record(key, claim.revision, outcome).catch((error: unknown) => log({ key, err: error }, 'notification outcome not recorded'));
  }, pacer(deps.sendsPerSecond ?? null));

  // a stop (the process is shutting down) leaves the day open: the next start runs it again, and the
  // claims make that rerun send only what this one did not
  const interrupted = signal?.aborted === true;
  if (!interrupted) await core.commands({
    stream: dailyRunsStream(shard),
    aggregate: dailyRunsAggregate,
    decide: (state) =>
      state.lastDay !== null && state.lastDay >= day
        ? []
        : [{ type: 'daily-run-completed' as const, data: { day, at: core.now().toISOString(), sent } }],
    context,
  });
  const sendMs = Math.round(performance.now() - sendStartedAt);
  const report = { day, refreshed, refreshFailed, episodes: airing.length, sent, skipped, failed, refreshMs, sendMs, interrupted };
  const label = shardLabel(shard);
  log(label === null ? report : { ...report, shard: label }, 'daily shows job done');
  return report;
}

/** Every device of the user; an expired one is deleted. Fails only when no device took it. */
async function sendPush(deps: DailyJobDeps, targets: readonly PushSubscriptionRow[], payload: object): Promise<void> {
  let delivered = 0;
  let lastError: unknown = new Error('no live push subscription');
  for (const target of targets) {
    try {
      const outcome = await deps.push.send(target, payload);
      if (outcome === 'gone') await deps.subscriptions.removeEndpoint(target.endpoint);
      else delivered++;
    } catch (error) {
      lastError = error;
    }
  }
  if (delivered === 0) throw lastError;
}
