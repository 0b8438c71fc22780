import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { inOneSnapshot } from '../../infra/postgres/snapshot.ts';
import { z } from 'zod';
import { KG_PER_LB } from '../../domain/gym/units.ts';
import { gymUserSchema } from '../../domain/gym/user.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import type { SessionCookies } from '../../infra/http/auth.ts';
import { listBodyweights, listCardioLogs, listMachines } from './cardio.ts';
import { listExercises } from './exercises.ts';
import { listPlans } from './plans.ts';
import { readGymUser } from './routes.ts';
import { bodyweightSchema, cardioLogSchema, exerciseSchema, machineSchema, planSchema, workoutSchema } from './schemas.ts';
import { setRow, setSelect, summaryRow, summarySelect, toSet, toSummary } from './workouts.ts';

export const EXPORT_FORMAT = 1;

export const exportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    unit: z.literal('kg'),
    user: gymUserSchema,
    exercises: z.array(exerciseSchema),
    plans: z.array(planSchema),
    workouts: z.array(workoutSchema),
    bodyweights: z.array(bodyweightSchema),
    cardioMachines: z.array(machineSchema),
    cardioLogs: z.array(cardioLogSchema),
  })
  .meta({ id: 'Export' });
type Export = z.infer<typeof exportSchema>;

/** Everything the user entered, weights in kilograms as stored: enough to restore the account. */
export async function readExport(db: CommonQueryMethods, userId: string): Promise<Export> {
  const user = await readGymUser(db, userId);
  const workouts = await db.any(sql.type(summaryRow)`${summarySelect} WHERE w.user_id = ${userId} ORDER BY w.date, w.started_at, w.id`);
  const sets = (await db.any(sql.type(setRow)`
    ${setSelect} WHERE s.user_id = ${userId} ORDER BY s.workout_id, lower(e.name), s.exercise_id, s.set_number`)).map(toSet);
  const setsOf = new Map<string, typeof sets>();
  for (const set of sets) {
    const own = setsOf.get(set.sessionId);
    if (own) own.push(set);
    else setsOf.set(set.sessionId, [set]);
  }
  return {
    format: EXPORT_FORMAT,
    unit: 'kg',
    user,
    exercises: await listExercises(db, userId, null),
    plans: await listPlans(db, userId),
    workouts: workouts.map((row) => ({ ...toSummary(row), sets: setsOf.get(row.id) ?? [] })),
    bodyweights: await listBodyweights(db, userId, {}),
    cardioMachines: await listMachines(db, userId),
    cardioLogs: await listCardioLogs(db, userId, {}),
  };
}

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, and its quotes doubled. A text
 * starting with = + - @ tab or return would run as a formula in a spreadsheet (OWASP CSV
 * injection): it gets a leading apostrophe and is quoted. Numbers are ours and never negative.
 */
export function csvField(value: string | number | null): string {
  if (typeof value === 'number') return String(value);
  if (value === null) return '';
  const formula = /^[=+\-@\t\r]/.test(value);
  const text = formula ? `'${value}` : value;
  return formula || /[",\r\n]/.test(text) || text.trim() !== text ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Display only: the stored kilograms are never touched; pounds are shown to a thousandth. */
export function displayWeight(kg: number, unit: 'kg' | 'lb'): number {
  return unit === 'kg' ? kg : Math.round((kg / KG_PER_LB) * 1000) / 1000;
}

export function exportCsv(data: Export): string {
  const unit = data.user.settings.unit;
  // set_type, note and title came later (issue 33): at the end, so a reader of the older columns reads on
  const header = ['date', 'session_id', 'plan', 'day', 'exercise', 'code', 'set_number', `weight_${unit}`, 'reps', 'rpe', 'set_type', 'note', 'title'];
  const codes = new Map(data.exercises.map((exercise) => [exercise.id, exercise.code]));
  const lines = [header.join(',')];
  for (const workout of data.workouts) {
    for (const set of workout.sets) {
      const day = workout.dayOrdinal === null ? null : `Day ${workout.dayOrdinal}${workout.dayTitle ? ` ${workout.dayTitle}` : ''}`;
      lines.push(
        [
          ...[workout.date, workout.id, workout.planName, day, set.exerciseName, codes.get(set.exerciseId) ?? null, set.setNumber],
          ...[displayWeight(set.kg, unit), set.reps, set.rpe, set.kind, set.note, workout.title],
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function exportQueryRoutes(app: HttpApp, deps: { readonly db: DatabasePool; readonly cookies: SessionCookies }): void {
  // a dozen statements, as of one commit: a workout's sets are the ones its count says
  const exportOf = (userId: string): Promise<Export> => inOneSnapshot(deps.db, (db) => readExport(db, userId));
  app.get(
    '/api/export',
    {
      onRequest: deps.cookies.requireUser,
      schema: { operationId: 'exportData', summary: 'Everything the user entered as one JSON document, weights in kilograms', response: { 200: exportSchema, 401: errorBodySchema, 503: errorBodySchema } },
    },
    async (request) => exportOf(request.userId),
  );
  app.get(
    '/api/export.csv',
    {
      onRequest: deps.cookies.requireUser,
      schema: {
        operationId: 'exportCsv',
        summary: "One row per set, weights in the user's unit, which the weight column's name carries",
        produces: ['text/csv'],
        response: { 200: z.string(), 401: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const data = await exportOf(request.userId);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="workouts.csv"');
      return exportCsv(data);
    },
  );
}
