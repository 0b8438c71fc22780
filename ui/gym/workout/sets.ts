// The gym's side of the sync engine: starting a workout, ticking and deleting sets are commands in
// the shared outbox (ui/shared/outbox.ts), made with their time, sent in order and retried until
// the server has them; each answer is written into the workout's copy in the replica (local.ts),
// so a reload with no signal still shows every set the server confirmed. The copies and the rules
// are workout-replica.ts; this file only runs them.
import { ApiRefusal, isRecord, isRetryable, request } from '../../shared/api.ts';
import type { Command } from '../../shared/outbox-model.ts';
import { createOutbox, type Outbox, type OutboxItem } from '../../shared/outbox.ts';
import type { Workout } from '../gym-api.ts';
import { keep, kept } from '../local.ts';
import type { Unit } from '../model.ts';
import { type QueuedSet, setKey } from './workout-rows.ts';
import { afterAnswer, type Answer, isStartCommand, placePath, type PlanDayOfWorkout, startedHere, startKey, tickPath, workoutKey, workoutOfCommand } from './workout-replica.ts';
import { workoutIdOf } from './workout-id.ts';

export type Notice = { readonly id: string; readonly text: string };

export type SetsView = {
  /** this phone's commands not yet confirmed by the server, refused ones included */
  readonly commands: readonly Command[];
  readonly waiting: number;
  /** the last try got no answer */
  readonly offline: boolean;
  /** sentences for the lifter: a tick that lost to a later one made on another device */
  readonly notices: readonly Notice[];
};

export type SetSync = {
  /** the workout of (plan day, date), started here at once and on the server when it can be: its id */
  start(userId: string, planDayId: string | null, date: string, day: PlanDayOfWorkout | null): Promise<string>;
  tick(workoutId: string, set: QueuedSet): Promise<void>;
  remove(workoutId: string, set: { readonly exerciseId: string; readonly setNumber: number }): Promise<void>;
  dismiss(noticeId: string): void;
  view(): SetsView;
  retry(): Promise<void>;
  /** commands not confirmed by the server: waiting, refused, or on their way */
  unsent(): Promise<number>;
  /** signing out: every command this phone holds is dropped, unsent */
  clear(): Promise<void>;
  stop(): void;
};

/** a workout, a set, or nothing (a 204): afterAnswer checks which */
const isAnswer = (value: unknown): value is unknown => value === undefined || isRecord(value);

export function startSetSync(onChange: (view: SetsView) => void, unitOf: () => Unit): SetSync {
  let view: SetsView = { commands: [], waiting: 0, offline: false, notices: [] };
  const publish = (next: Partial<SetsView>): void => {
    view = { ...view, ...next };
    onChange(view);
  };
  const tell = (text: string): void => publish({ notices: [...view.notices, { id: crypto.randomUUID(), text }] });

  // what the server answered goes into the copy before the command leaves the outbox: the row
  // never falls back to an older value in between
  const send = async (item: OutboxItem, how: { readonly keepalive: boolean }): Promise<void> => {
    let answer: Answer;
    try {
      const path = item.method === 'DELETE' ? `${item.path}?madeAt=${encodeURIComponent(item.madeAt)}` : item.path;
      answer = { kind: 'ok', body: await request(path, { method: item.method, keepalive: how.keepalive, ...(item.method === 'DELETE' ? {} : { body: item.body }), accept: isAnswer }) };
    } catch (error) {
      if (!(error instanceof ApiRefusal) || isRetryable(error)) throw error;
      answer = { kind: 'refused', status: error.status, code: error.code, message: error.message, body: error.body };
    }
    const workoutId = workoutOfCommand(item);
    const after = afterAnswer(kept<Workout>(workoutKey(workoutId)), item, answer, unitOf());
    if (after.copy) keep(workoutKey(after.copy.id), after.copy);
    if (after.notice) tell(after.notice);
    if (after.outcome.kind === 'refused') throw new ApiRefusal(answer.kind === 'refused' ? answer.status : 400, after.outcome.refusal.code, after.outcome.refusal.message, null);
  };

  const outbox: Outbox = createOutbox({
    name: 'gym',
    send,
    onStatus: (status) => {
      publish({ commands: status.commands, waiting: status.waiting, offline: status.offline });
    },
  });

  const made = () => ({ id: crypto.randomUUID(), madeAt: new Date().toISOString() });
  return {
    async start(userId, planDayId, date, day) {
      const id = await workoutIdOf(userId, planDayId, date);
      if (!kept(workoutKey(id))) keep(workoutKey(id), startedHere(id, planDayId, date, day, new Date()));
      await outbox.queue(startKey(id), 'POST', '/api/sessions', { planDayId, date }, made());
      return id;
    },
    async tick(workoutId, set) {
      const at = made();
      const { exerciseId, setNumber, kg, reps, unit, rpe, kind, note } = set;
      const body = {
        ...{ exerciseId, setNumber, kg, reps },
        ...(unit ? { unit } : {}),
        ...(rpe === undefined ? {} : { rpe }),
        ...(kind ? { kind } : {}),
        ...(note === undefined ? {} : { note }),
        madeAt: at.madeAt,
      };
      await outbox.queue(setKey(workoutId, set.exerciseId, set.setNumber), 'POST', tickPath(workoutId), body, at);
    },
    async remove(workoutId, set) {
      await outbox.queue(setKey(workoutId, set.exerciseId, set.setNumber), 'DELETE', placePath(workoutId, set.exerciseId, set.setNumber), null, made());
    },
    dismiss(noticeId) {
      publish({ notices: view.notices.filter((notice) => notice.id !== noticeId) });
    },
    view: () => view,
    retry: () => outbox.retry(),
    async unsent() {
      return (await outbox.items()).filter((item) => !isStartCommand(item)).length;
    },
    async clear() {
      await outbox.clear();
      publish({ commands: [], waiting: 0, notices: [] });
    },
    stop: () => outbox.stop(),
  };
}
