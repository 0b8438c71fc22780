import { sql, type DatabaseTransactionConnection } from 'slonik';
import { assertNever } from '../../../domain/shared/events.ts';
import { type LibraryEvent, LIBRARY_STREAM_PREFIX, type PlanDay } from '../../../domain/gym/library.ts';

export async function migrateLibrary(tx: DatabaseTransactionConnection, schema: string): Promise<void> {
  const table = (name: string) => sql.identifier([schema, name]);
  await tx.query(sql.unsafe`
    CREATE TABLE ${table('exercises')} (
      id text PRIMARY KEY, user_id text NOT NULL, name text NOT NULL,
      code text, machine_number text, library_id text
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${table('exercises')} (user_id)`);
  // seq keeps creation order, so "active first, then newest" is stable across rebuilds
  await tx.query(sql.unsafe`
    CREATE TABLE ${table('plans')} (
      id text PRIMARY KEY, user_id text NOT NULL, name text NOT NULL, start_date date NOT NULL,
      active boolean NOT NULL DEFAULT false, source_id text, seq bigint GENERATED ALWAYS AS IDENTITY
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${table('plans')} (user_id)`);
  await tx.query(sql.unsafe`
    CREATE TABLE ${table('plan_days')} (
      id text PRIMARY KEY, plan_id text NOT NULL, user_id text NOT NULL, ordinal integer NOT NULL, title text
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${table('plan_days')} (plan_id)`);
  await tx.query(sql.unsafe`
    CREATE TABLE ${table('plan_slots')} (
      id text PRIMARY KEY, day_id text NOT NULL, plan_id text NOT NULL, user_id text NOT NULL, position integer NOT NULL,
      exercise_id text NOT NULL, target_sets integer NOT NULL, rep_min integer NOT NULL, rep_max integer NOT NULL, note text
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${table('plan_slots')} (plan_id)`);
  await tx.query(sql.unsafe`
    CREATE TABLE ${table('bodyweights')} (
      user_id text NOT NULL, date date NOT NULL, kg double precision NOT NULL, PRIMARY KEY (user_id, date)
    )`);
  await tx.query(sql.unsafe`CREATE TABLE ${table('machines')} (id text PRIMARY KEY, user_id text NOT NULL, name text NOT NULL)`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${table('machines')} (user_id)`);
  await tx.query(sql.unsafe`
    CREATE TABLE ${table('cardio_logs')} (
      id text PRIMARY KEY, user_id text NOT NULL, machine_id text NOT NULL, date date NOT NULL, minutes double precision NOT NULL,
      distance_km double precision, calories integer, level integer
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${table('cardio_logs')} (user_id, date)`);
}

export async function applyLibraryEvent(tx: DatabaseTransactionConnection, schema: string, stream: string, event: LibraryEvent): Promise<void> {
  const userId = stream.slice(LIBRARY_STREAM_PREFIX.length);
  const table = (name: string) => sql.identifier([schema, name]);

  const writeDays = async (planId: string, days: readonly PlanDay[]): Promise<void> => {
    const dayRows = days.map((day, index) => [day.id, planId, userId, index + 1, day.title]);
    const slotRows = days.flatMap((day) =>
      day.slots.map((slot, position) => [slot.id, day.id, planId, userId, position, slot.exerciseId, slot.targetSets, slot.repMin, slot.repMax, slot.note]),
    );
    if (dayRows.length > 0) {
      await tx.query(sql.unsafe`
        INSERT INTO ${table('plan_days')} (id, plan_id, user_id, ordinal, title)
        SELECT * FROM ${sql.unnest(dayRows, ['text', 'text', 'text', 'int4', 'text'])}`);
    }
    if (slotRows.length > 0) {
      await tx.query(sql.unsafe`
        INSERT INTO ${table('plan_slots')} (id, day_id, plan_id, user_id, position, exercise_id, target_sets, rep_min, rep_max, note)
        SELECT * FROM ${sql.unnest(slotRows, ['text', 'text', 'text', 'text', 'int4', 'text', 'int4', 'int4', 'int4', 'text'])}`);
    }
  };
  // a workout outlives its plan day: it only loses the link
  const unlinkWorkouts = async (planId: string, keptDayIds: readonly string[]): Promise<void> => {
    await tx.query(sql.unsafe`
      UPDATE ${table('workouts')} SET plan_day_id = NULL
      WHERE plan_day_id IN (SELECT id FROM ${table('plan_days')} WHERE plan_id = ${planId} AND NOT (id = ANY(${sql.array([...keptDayIds], 'text')})))`);
  };
  const removeDays = async (planId: string): Promise<void> => {
    await tx.query(sql.unsafe`DELETE FROM ${table('plan_slots')} WHERE plan_id = ${planId}`);
    await tx.query(sql.unsafe`DELETE FROM ${table('plan_days')} WHERE plan_id = ${planId}`);
  };

  switch (event.type) {
    case 'exercise-created': {
      const e = event.data;
      await tx.query(sql.unsafe`
        INSERT INTO ${table('exercises')} (id, user_id, name, code, machine_number, library_id)
        VALUES (${e.id}, ${userId}, ${e.name}, ${e.code}, ${e.machineNumber}, ${e.libraryId})`);
      return;
    }
    case 'exercise-changed': {
      const e = event.data;
      await tx.query(sql.unsafe`
        UPDATE ${table('exercises')} SET
          name = coalesce(${e.name ?? null}::text, name),
          code = CASE WHEN ${e.code !== undefined} THEN ${e.code ?? null}::text ELSE code END,
          machine_number = CASE WHEN ${e.machineNumber !== undefined} THEN ${e.machineNumber ?? null}::text ELSE machine_number END,
          library_id = CASE WHEN ${e.libraryId !== undefined} THEN ${e.libraryId ?? null}::text ELSE library_id END
        WHERE id = ${e.id}`);
      return;
    }
    case 'exercise-deleted':
      await tx.query(sql.unsafe`DELETE FROM ${table('exercises')} WHERE id = ${event.data.id}`);
      return;
    case 'exercise-used':
      return;
    case 'exercise-merged': {
      const { fromId, intoId, filled } = event.data;
      // the decision filled only B's blank fields (an empty string among them), so what it filled wins
      await tx.query(sql.unsafe`
        UPDATE ${table('exercises')} SET
          code = coalesce(${filled.code ?? null}::text, code),
          machine_number = coalesce(${filled.machineNumber ?? null}::text, machine_number),
          library_id = coalesce(${filled.libraryId ?? null}::text, library_id)
        WHERE id = ${intoId}`);
      await tx.query(sql.unsafe`UPDATE ${table('plan_slots')} SET exercise_id = ${intoId} WHERE exercise_id = ${fromId}`);
      await tx.query(sql.unsafe`DELETE FROM ${table('exercises')} WHERE id = ${fromId}`);
      return;
    }
    case 'plan-created':
    case 'plan-duplicated': {
      const p = event.data;
      const sourceId = event.type === 'plan-duplicated' ? event.data.sourceId : null;
      await tx.query(sql.unsafe`
        INSERT INTO ${table('plans')} (id, user_id, name, start_date, source_id) VALUES (${p.id}, ${userId}, ${p.name}, ${p.startDate}, ${sourceId})`);
      await writeDays(p.id, p.days);
      return;
    }
    case 'plan-revised': {
      const p = event.data;
      await tx.query(sql.unsafe`UPDATE ${table('plans')} SET name = ${p.name}, start_date = ${p.startDate} WHERE id = ${p.id}`);
      await unlinkWorkouts(p.id, p.days.map((day) => day.id));
      await removeDays(p.id);
      await writeDays(p.id, p.days);
      return;
    }
    case 'plan-activated':
      await tx.query(sql.unsafe`UPDATE ${table('plans')} SET active = (id = ${event.data.id}) WHERE user_id = ${userId}`);
      return;
    case 'plan-deleted':
      await unlinkWorkouts(event.data.id, []);
      await removeDays(event.data.id);
      await tx.query(sql.unsafe`DELETE FROM ${table('plans')} WHERE id = ${event.data.id}`);
      return;
    case 'machine-added':
      await tx.query(sql.unsafe`INSERT INTO ${table('machines')} (id, user_id, name) VALUES (${event.data.id}, ${userId}, ${event.data.name})`);
      return;
    case 'machine-renamed':
      await tx.query(sql.unsafe`UPDATE ${table('machines')} SET name = ${event.data.name} WHERE id = ${event.data.id}`);
      return;
    case 'machine-removed':
      await tx.query(sql.unsafe`DELETE FROM ${table('machines')} WHERE id = ${event.data.id}`);
      return;
    case 'cardio-logged':
    case 'cardio-log-changed': {
      const c = event.data;
      await tx.query(sql.unsafe`
        INSERT INTO ${table('cardio_logs')} (id, user_id, machine_id, date, minutes, distance_km, calories, level)
        VALUES (${c.id}, ${userId}, ${c.machineId}, ${c.date}, ${c.minutes}, ${c.distanceKm}, ${c.calories}, ${c.level})
        ON CONFLICT (id) DO UPDATE SET machine_id = EXCLUDED.machine_id, date = EXCLUDED.date, minutes = EXCLUDED.minutes,
          distance_km = EXCLUDED.distance_km, calories = EXCLUDED.calories, level = EXCLUDED.level`);
      return;
    }
    case 'cardio-log-removed':
      await tx.query(sql.unsafe`DELETE FROM ${table('cardio_logs')} WHERE id = ${event.data.id}`);
      return;
    case 'bodyweight-recorded':
      await tx.query(sql.unsafe`
        INSERT INTO ${table('bodyweights')} (user_id, date, kg) VALUES (${userId}, ${event.data.date}, ${event.data.kg})
        ON CONFLICT (user_id, date) DO UPDATE SET kg = EXCLUDED.kg`);
      return;
    case 'bodyweight-removed':
      await tx.query(sql.unsafe`DELETE FROM ${table('bodyweights')} WHERE user_id = ${userId} AND date = ${event.data.date}`);
      return;
    default:
      assertNever(event);
  }
}
