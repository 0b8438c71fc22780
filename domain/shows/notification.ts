import { z } from 'zod';
import type { Aggregate } from '../shared/aggregate.ts';
import { assertNever, type DomainEvent } from '../shared/events.ts';

// One stream per (user, episode, kind, channel): the name is the uniqueness key. The claim is
// appended before anything is sent, so of two runs or two workers only one appends it and sends;
// the other is decided again on the fresh stream and finds it taken. A crash between the claim and
// the send loses that one notification rather than ever sending it twice (at most once); a send
// the provider refused is recorded as failed, and the next run may claim it again.

export const CHANNELS = ['email', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];
export const KINDS = ['episode-airing'] as const;
export type Kind = (typeof KINDS)[number];

export type NotificationKey = {
  readonly userId: string;
  readonly episodeId: number;
  readonly kind: Kind;
  readonly channel: Channel;
};

export const NOTIFICATION_STREAM_PREFIX = 'shows.notification-';

export function notificationStream(key: NotificationKey): string {
  return `${NOTIFICATION_STREAM_PREFIX}${key.userId}.${key.episodeId}.${key.kind}.${key.channel}`;
}

const keyFields = {
  notificationId: z.string().min(1),
  userId: z.string(),
  episodeId: z.number().int(),
  showId: z.number().int(),
  kind: z.enum(KINDS),
  channel: z.enum(CHANNELS),
};
export const notificationClaimedSchema = z.object({ ...keyFields, at: z.iso.datetime() });
export const notificationSentSchema = z.object({ notificationId: z.string(), at: z.iso.datetime() });
export const notificationFailedSchema = z.object({ notificationId: z.string(), reason: z.string(), at: z.iso.datetime() });

export type NotificationEvent =
  | DomainEvent<'notification-claimed', z.infer<typeof notificationClaimedSchema>>
  | DomainEvent<'notification-sent', z.infer<typeof notificationSentSchema>>
  | DomainEvent<'notification-failed', z.infer<typeof notificationFailedSchema>>;

export type NotificationState = { readonly status: 'none' | 'claimed' | 'sent' | 'failed'; readonly notificationId: string | null };

export function evolveNotification(state: NotificationState, event: NotificationEvent): NotificationState {
  switch (event.type) {
    case 'notification-claimed':
      return { status: 'claimed', notificationId: event.data.notificationId };
    case 'notification-sent':
      return { ...state, status: 'sent' };
    case 'notification-failed':
      return { ...state, status: 'failed' };
    default:
      return assertNever(event);
  }
}

export function parseNotificationEvent(type: string, data: unknown, schemaVersion: number): NotificationEvent {
  if (schemaVersion === 1) {
    if (type === 'notification-claimed') return { type, data: notificationClaimedSchema.parse(data) };
    if (type === 'notification-sent') return { type, data: notificationSentSchema.parse(data) };
    if (type === 'notification-failed') return { type, data: notificationFailedSchema.parse(data) };
  }
  throw new Error(`unknown shows notification event ${type} v${schemaVersion}`);
}

export const notificationAggregate: Aggregate<NotificationState, NotificationEvent> = {
  initialState: { status: 'none', notificationId: null },
  evolve: evolveNotification,
  parse: parseNotificationEvent,
  schemaVersion: 1,
};

/** Nobody claimed it, or the last send failed: this run takes it. */
export function claimNotification(
  state: NotificationState,
  claim: NotificationKey & { readonly notificationId: string; readonly showId: number; readonly now: string },
): NotificationEvent[] {
  if (state.status === 'claimed' || state.status === 'sent') return [];
  const { notificationId, userId, episodeId, showId, kind, channel, now } = claim;
  return [{ type: 'notification-claimed', data: { notificationId, userId, episodeId, showId, kind, channel, at: now } }];
}

/** What the daily job knows of one tracker of an airing episode. */
export type Tracker = {
  readonly emailOn: boolean;
  readonly pushOn: boolean;
  /** a push subscription is on file */
  readonly hasDevice: boolean;
  /** the per-show flag */
  readonly notify: boolean;
  /** the user marked this episode watched already (early, or from another source) */
  readonly watched: boolean;
};

/** The channels an airing episode is announced on: none for an episode the user has seen. */
export function channelsFor(tracker: Tracker): Channel[] {
  if (!tracker.notify || tracker.watched) return [];
  const channels: Channel[] = [];
  if (tracker.emailOn) channels.push('email');
  if (tracker.pushOn && tracker.hasDevice) channels.push('push');
  return channels;
}

// ---- the daily run's calendar

export const DAILY_TIME_ZONE = 'Asia/Amman';
export const DAILY_HOUR = 12;
export const DAILY_CRON = '0 12 * * *';

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string = DAILY_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

function localHour(instant: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(instant);
  return Number(hour);
}

/** The day whose noon run is the latest one due by `now`: today from noon on, else yesterday. */
export function dueRunDay(now: Date, timeZone: string = DAILY_TIME_ZONE): string {
  if (localHour(now, timeZone) >= DAILY_HOUR) return localDate(now, timeZone);
  return localDate(new Date(now.getTime() - 24 * 60 * 60_000), timeZone);
}

/** [start, end) of the local calendar day `day` as instants; DST-safe by probing the offset. */
export function dayBounds(day: string, timeZone: string = DAILY_TIME_ZONE): { start: Date; end: Date } {
  const startOf = (date: string): Date => {
    const utcMidnight = new Date(`${date}T00:00:00Z`);
    const offsetMs = offsetAt(utcMidnight, timeZone);
    return new Date(utcMidnight.getTime() - offsetMs);
  };
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { start: startOf(day), end: startOf(next.toISOString().slice(0, 10)) };
}

function offsetAt(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const value = (type: string): number => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'));
  return asUtc - instant.getTime();
}

// ---- which runs completed, for catching up after a restart

export const DAILY_RUNS_STREAM = 'shows.daily-runs';

/**
 * One of `count` parts of the users for the daily job (docs/scaling.md, step 5): those whose id
 * hashes to `index`. Each part is its own scheduled job, so several scheduler processes share a day.
 */
export type UserShard = { readonly index: number; readonly count: number };

/** the `count` parts of the users, in order; one part is all of them */
export const userShards = (count: number): UserShard[] => Array.from({ length: count }, (_, index) => ({ index, count }));

/** a part as its names and log lines give it, counted from 1: `2-of-3`; null for the whole day */
export const shardLabel = (shard: UserShard | null): string | null => (shard === null || shard.count === 1 ? null : `${shard.index + 1}-of-${shard.count}`);

const withLabel = (name: string, shard: UserShard | null): string => {
  const label = shardLabel(shard);
  return label === null ? name : `${name}-${label}`;
};

/** where a run records that it completed: the whole day's stream, or its part's of it */
export const dailyRunsStream = (shard: UserShard | null): string => withLabel(DAILY_RUNS_STREAM, shard);

/** the daily job's name in the scheduler, for the whole day or one part of its users */
export const dailyJobName = (shard: UserShard): string => withLabel('shows-daily-notifications', shard);
export const dailyRunCompletedSchema = z.object({ day: z.string(), at: z.iso.datetime(), sent: z.number().int() });
export type DailyRunEvent = DomainEvent<'daily-run-completed', z.infer<typeof dailyRunCompletedSchema>>;
export type DailyRunsState = { readonly lastDay: string | null };

export const dailyRunsAggregate: Aggregate<DailyRunsState, DailyRunEvent> = {
  initialState: { lastDay: null },
  evolve: (state, event) => (state.lastDay === null || event.data.day > state.lastDay ? { lastDay: event.data.day } : state),
  parse: (type, data, schemaVersion) => {
    if (schemaVersion === 1 && type === 'daily-run-completed') return { type, data: dailyRunCompletedSchema.parse(data) };
    throw new Error(`unknown shows daily-run event ${type} v${schemaVersion}`);
  },
  schemaVersion: 1,
};
