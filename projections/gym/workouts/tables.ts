import { sql, type DatabaseTransactionConnection } from 'slonik';

export async function migrateWorkouts(tx: DatabaseTransactionConnection, schema: string): Promise<void> {
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'workouts'])} (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      plan_day_id text,
      date date NOT NULL,
      started_at text NOT NULL,
      finished_at text,
      title text NOT NULL DEFAULT '',
      notes text NOT NULL DEFAULT ''
    )`);
  // a plan day's workouts (the user's) newest first: Today's next day (read-home.ts), and a removed day's unlinking
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'workouts'])} (plan_day_id, user_id, date, started_at, id)`);
  // kg is double precision: the client's conversion from pounds comes back bit for bit
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'sets'])} (
      id text PRIMARY KEY,
      workout_id text NOT NULL,
      user_id text NOT NULL,
      exercise_id text NOT NULL,
      set_number integer NOT NULL,
      kg double precision NOT NULL,
      reps integer NOT NULL,
      entered_unit text,
      rpe real,
      -- null for an ordinary set: warmup, drop or failure otherwise
      kind text,
      note text NOT NULL DEFAULT '',
      date date NOT NULL
    )`);
  await tx.query(sql.unsafe`CREATE INDEX ON ${sql.identifier([schema, 'sets'])} (workout_id)`);
  // Running totals, so stats answer from a few small reads however long the history: one row per
  // day trained, and one per exercise and day with that day's best set (the highest Epley estimate,
  // then the heavier weight, then the earliest), kept by the projector from the sets of the days a
  // batch touched.
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'day_totals'])} (
      user_id text NOT NULL,
      date date NOT NULL,
      workouts integer NOT NULL,
      sets integer NOT NULL,
      reps integer NOT NULL,
      volume_kg double precision NOT NULL,
      PRIMARY KEY (user_id, date)
    )`);
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'exercise_days'])} (
      user_id text NOT NULL,
      exercise_id text NOT NULL,
      date date NOT NULL,
      sets integer NOT NULL,
      volume_kg double precision NOT NULL,
      heaviest_kg double precision,
      best_e1rm double precision,
      best_kg double precision,
      best_reps integer,
      best_workout_id text,
      best_started_at text,
      best_set_number integer,
      -- the highest best of the exercise's earlier days: a day beating it may hold personal bests
      prior_best_e1rm double precision,
      PRIMARY KEY (user_id, date, exercise_id)
    )`);
  // an exercise's totals over all its days: the records of stats asked as of any date on or after last_date
  await tx.query(sql.unsafe`
    CREATE TABLE ${sql.identifier([schema, 'exercise_totals'])} (
      user_id text NOT NULL,
      exercise_id text NOT NULL,
      last_date date NOT NULL,
      sets integer NOT NULL,
      volume_kg double precision NOT NULL,
      heaviest_kg double precision,
      best_date date,
      best_e1rm double precision,
      best_kg double precision,
      best_reps integer,
      best_workout_id text,
      PRIMARY KEY (user_id, exercise_id)
    )`);
}
