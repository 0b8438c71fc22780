// POST /api/import (issue 19): a Strong or Hevy CSV export becomes workouts. The whole file is read
// and checked first (domain/gym/import-csv.ts); then each workout is one command on its own stream,
// named by (user, the file's workout name, its start), after one library decision that creates the
// exercises it lacks and admits them into the workout (as a first tick does). A failure halfway
// leaves whole workouts, and importing the file again completes it: what is there already is
// decided again and found equal. Cardio and timed rows become cardio sessions (issue 33), logged
// after the workouts under ids the file names, on machines named after their exercises.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMPORT_BOUNDS } from '../../domain/gym/bounds.ts';
import { type CardioImportDecision, type CardioToImport, decideCardioImport } from '../../domain/gym/import-cardio.ts';
import { readWorkoutExport } from '../../domain/gym/import-csv.ts';
import { isTimeZone } from '../../domain/gym/import-csv-values.ts';
import type { ImportedWorkout } from '../../domain/gym/imported-file.ts';
import { decideLibrary } from '../../domain/gym/library-decide.ts';
import { type LibraryState, sameName } from '../../domain/gym/library.ts';
import { enteredUnitSchema, setValuesOf, workoutAggregate, type WorkoutEvent, type WorkoutState, workoutStream } from '../../domain/gym/workout.ts';
import { decideWorkout, holdsExercise, type ImportWorkout } from '../../domain/gym/workout-decide.ts';
import { fold } from '../../domain/shared/aggregate.ts';
import type { Position } from '../../infra/eventstore/port.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { userLimitKey } from '../../infra/accounts/rate-limit.ts';
import { tooManyRequests } from '../../infra/http/errors.ts';
import { findGymUser } from '../../projections/gym/users/read-gym-user.ts';
import type { GymCommandDeps } from './route-deps.ts';
import { libraryAsItStands, libraryDecision, workoutDecision } from './streams.ts';
import { importedCardioIdOf, importedWorkoutIdOf } from './workout-ids.ts';

const MB = 1024 * 1024;
/** sessions per library append: a long cardio history is several appends, each well under a store's size limit */
const CARDIO_PER_APPEND = 250;

export const importBody = z.object({
  csv: z.string().meta({ description: 'the export as the file holds it' }),
  unit: enteredUnitSchema
    .optional()
    .meta({ description: "what a current Strong export's weights are in (the file does not say); the user's unit setting when left out. Other formats name their unit" }),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, 'not a time zone such as Europe/Berlin')
    .optional()
    .meta({ description: "the IANA zone the file's times are read in (the phone's own); UTC when left out" }),
  dryRun: z.boolean().optional().meta({ description: 'answer what would be imported, and write nothing' }),
});

export const importAnswerSchema = z
  .object({
    format: z.enum(['strong', 'strong-legacy', 'hevy']),
    unit: enteredUnitSchema.nullable().meta({ description: 'the unit the weights were read in; null when an older Strong file names both' }),
    unitSource: z.enum(['file', 'request', 'setting']).meta({ description: 'where the unit came from: the file, the request, or the user setting (a current Strong file)' }),
    dryRun: z.boolean(),
    workouts: z.array(
      z.object({
        id: z.string(),
        date: z.string(),
        start: z.string().meta({ description: 'the start as the file wrote it, without a zone (2024-03-05T07:12:44)' }),
        name: z.string(),
        sets: z.number(),
        status: z.enum(['new', 'unchanged', 'changed']),
      }),
    ),
    exercisesCreated: z.array(z.string()),
    exercisesMatched: z.array(z.string()),
    cardio: z
      .array(
        z.object({
          id: z.string(),
          line: z.number(),
          date: z.string(),
          workout: z.string().meta({ description: "the name of the file's workout the row was in" }),
          exercise: z.string(),
          machine: z.string().meta({ description: 'the machine it is logged on: named after the exercise, matched in any case' }),
          minutes: z.number(),
          distanceKm: z.number().nullable(),
          status: z.enum(['new', 'unchanged', 'changed']),
          note: z.string().meta({ description: "what of the row the session does not hold as the file has it ('' for nothing): a hold under 0.5 minutes, a note, an RPE" }),
        }),
      )
      .meta({ description: 'cardio and timed rows (distance or time, no reps, no weight), each a cardio session' }),
    machinesCreated: z.array(z.string()).meta({ description: 'cardio machines added for the sessions, named after their exercises' }),
    skipped: z.array(z.object({ line: z.number(), reason: z.string() })),
    setsImported: z.number().meta({ description: 'sets written (new or different from what was there); 0 when the file was imported before' }),
  })
  .meta({ id: 'WorkoutImport' });
type ImportAnswer = z.infer<typeof importAnswerSchema>;
type Status = ImportAnswer['workouts'][number]['status'];

/** One name per exercise of the workout, any case: the library's id, or a new one to create. */
function resolveNames(library: LibraryState, names: readonly string[], newId: (name: string) => string) {
  const ids = new Map<string, string>();
  const create: Array<{ id: string; name: string }> = [];
  for (const name of names) {
    const key = name.toLocaleLowerCase('en');
    if (ids.has(key)) continue;
    const existing = Object.values(library.exercises).find((exercise) => sameName(exercise.name, name));
    const id = existing?.id ?? newId(name);
    if (!existing) create.push({ id, name });
    ids.set(key, id);
  }
  return { idOf: (name: string) => ids.get(name.toLocaleLowerCase('en'))!, create };
}

function commandOf(userId: string, workout: ImportedWorkout, idOf: (name: string) => string, newSetIds: readonly string[]): ImportWorkout {
  return {
    type: 'import-workout',
    userId,
    date: workout.date,
    startedAt: workout.startedAt,
    finishedAt: workout.finishedAt,
    title: workout.name,
    notes: workout.notes,
    sets: workout.sets.map((set, index) => ({
      newSetId: newSetIds[index]!,
      exerciseId: idOf(set.exercise),
      ...setValuesOf(set),
    })),
  };
}

const ticked = (events: readonly WorkoutEvent[]): string[] => events.flatMap((event) => (event.type === 'set-ticked' ? [event.data.exerciseId] : []));
const statusOf = (state: WorkoutState, events: readonly WorkoutEvent[]): Status => (state.status !== 'open' ? 'new' : events.length > 0 ? 'changed' : 'unchanged');

export function gymImportRoutes(app: HttpApp, { core, cookies, runner }: GymCommandDeps): void {
  const allowance = { limit: IMPORT_BOUNDS.requests, windowMs: IMPORT_BOUNDS.windowMinutes * 60_000 };
  const limitImports = async (request: FastifyRequest): Promise<void> => {
    const { allowed, retryAfterMs } = await core.rateLimiter.hit(userLimitKey('gym:import', request.userId), allowance);
    if (!allowed) throw tooManyRequests(retryAfterMs / 1000, `At most ${IMPORT_BOUNDS.requests} imports in ${IMPORT_BOUNDS.windowMinutes} minutes; try again later`);
  };

  app.post(
    '/api/import',
    {
      // the session first, so a stranger's body is never read and the count is the user's
      onRequest: [cookies.requireUser, limitImports],
      bodyLimit: IMPORT_BOUNDS.bytes,
      schema: {
        operationId: 'importWorkouts',
        summary: 'Import a Strong or Hevy CSV export as workouts; a dry run answers what would be imported',
        description:
          'The format is told by the header (Strong, Strong with a Weight Unit column, Hevy). Exercises are matched by name in any case, or created; ' +
          "each workout of the file (its name and start) is one workout here, titled with that name, its sets numbered in file order with their kind " +
          '(warm-up, drop, failure: Strong\'s W, D, F set orders, Hevy\'s set_type) and note. ' +
          'The whole file is checked before anything is written: a row that cannot be read is a 400 naming its line and column. ' +
          'A row of distance or time with no reps and no weight (cardio, a timed hold) is a cardio session on the machine named after its exercise ' +
          '(matched in any case, or added), lasting its seconds (at least 0.5 minutes, said in its `note`), its distance converted to km; rest timers are skipped and listed. ' +
          'Importing the same file again writes nothing (every workout and session `unchanged`); one that stopped halfway is completed. ' +
          `Body at most ${IMPORT_BOUNDS.bytes / MB} MiB (413), at most ${IMPORT_BOUNDS.rows} rows (400), ${IMPORT_BOUNDS.requests} imports per ${IMPORT_BOUNDS.windowMinutes} minutes (429).`,
        body: importBody,
        response: { 200: importAnswerSchema, 400: errorBodySchema, 401: errorBodySchema, 413: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request): Promise<ImportAnswer> => {
      const { userId } = request;
      const { csv, dryRun = false } = request.body;
      const setting = (await findGymUser(core.db.slonik, userId))?.settings.unit ?? 'kg';
      let file;
      try {
        file = readWorkoutExport(csv, { unit: request.body.unit ?? setting, timeZone: request.body.timeZone ?? 'UTC' });
      } catch (error) {
        throw runner.refusal(error);
      }
      const unitSource = file.unitNamed ? 'file' : request.body.unit ? 'request' : 'setting';

      let library = (await runner.append(request, libraryAsItStands(request.userId))).state;
      const before = library;
      const created: string[] = [];
      const workouts: ImportAnswer['workouts'] = [];
      let setsImported = 0;
      let last: Position | null = null;

      for (const workout of file.workouts) {
        const id = importedWorkoutIdOf(userId, workout.name, workout.start);
        const names = workout.sets.map((set) => set.exercise);
        const newSetIds = workout.sets.map(() => randomUUID());
        let status: Status;
        let events: WorkoutEvent[] = [];
        if (dryRun) {
          const state = fold(workoutAggregate, await core.store.readStream(workoutStream(id)));
          const { idOf, create } = resolveNames(library, names, (name) => `new:${name.toLocaleLowerCase('en')}`);
          events = decideWorkout(commandOf(userId, workout, idOf, newSetIds), state);
          status = statusOf(state, events);
          for (const { name } of create) if (!created.some((known) => sameName(known, name))) created.push(name);
        } else {
          let made: string[] = [];
          const result = await runner.append(request, workoutDecision(id, async (state) => {
            made = [];
            // Nothing to create and nothing the workout gains (the usual case of a second import):
            // the library is not asked, so a long library stream is not read again per workout.
            const known = resolveNames(library, names, () => '');
            if (known.create.length === 0) {
              events = decideWorkout(commandOf(userId, workout, known.idOf, newSetIds), state);
              if (ticked(events).every((exerciseId) => holdsExercise(state, [exerciseId]))) {
                status = statusOf(state, events);
                return events;
              }
            }
            // the library first, holding this workout's revision: the exercises the file names are
            // created where missing, and each one this workout gains admitted (docs/design.md)
            const admitted = await runner.append(request, libraryDecision(request.userId, (current) => {
              const { idOf, create } = resolveNames(current, names, () => randomUUID());
              events = decideWorkout(commandOf(userId, workout, idOf, newSetIds), state);
              const use = [...new Set(ticked(events))].filter((exerciseId) => !holdsExercise(state, [exerciseId]));
              made = create.map((each) => each.name);
              return create.length === 0 && use.length === 0 ? [] : decideLibrary({ type: 'import-exercises', workoutId: id, create, use }, current);
            }));
            library = admitted.state;
            if (admitted.position) last = admitted.position;
            status = statusOf(state, events);
            return events;
          }));
          if (result.position) last = result.position;
          created.push(...made);
        }
        setsImported += ticked(events).length;
        workouts.push({ id, date: workout.date, start: workout.start, name: workout.name, sets: workout.sets.length, status: status! });
      }
      const sessions: CardioToImport[] = file.cardio.map((entry) => ({
        id: importedCardioIdOf(userId, entry.workoutName, entry.workoutStart, entry.exercise, entry.order),
        machine: entry.exercise,
        date: entry.date,
        minutes: entry.minutes,
        distanceKm: entry.distanceKm,
      }));
      const outcomes: Array<CardioImportDecision['outcomes'][number]> = [];
      const machinesCreated: string[] = [];
      // a dry run decides them all on the library as read; an import appends batch after batch, each decided on the library as it is then
      for (let from = 0; from < sessions.length; from += dryRun ? sessions.length : CARDIO_PER_APPEND) {
        const batch = dryRun ? sessions : sessions.slice(from, from + CARDIO_PER_APPEND);
        // the decision appended is the last one made (a conflict decides again)
        let decision!: CardioImportDecision;
        const decide = (current: LibraryState) => (decision = decideCardioImport(current, batch, randomUUID)).events;
        if (dryRun) decide(library);
        else {
          const appended = await runner.append(request, libraryDecision(request.userId, (current) => [...decide(current)]));
          if (appended.position) last = appended.position;
        }
        outcomes.push(...decision.outcomes);
        machinesCreated.push(...decision.machinesCreated);
      }
      if (!dryRun) await runner.awaitDecided(last);

      const matched = file.exercises.filter((name) => !created.some((made) => sameName(made, name)));
      return {
        format: file.format,
        unit: file.unit,
        unitSource,
        dryRun,
        workouts,
        exercisesCreated: created,
        exercisesMatched: matched.map((name) => Object.values(before.exercises).find((exercise) => sameName(exercise.name, name))?.name ?? name),
        cardio: file.cardio.map((entry, index) => ({
          id: sessions[index]!.id,
          line: entry.line,
          date: entry.date,
          workout: entry.workoutName,
          exercise: entry.exercise,
          machine: outcomes[index]!.machine,
          minutes: entry.minutes,
          distanceKm: entry.distanceKm,
          status: outcomes[index]!.status,
          note: entry.note,
        })),
        machinesCreated,
        skipped: [...file.skipped],
        setsImported,
      };
    },
  );
}
