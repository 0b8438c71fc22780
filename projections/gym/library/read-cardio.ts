import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { notFound } from '../../../infra/http/errors.ts';
import { NAME_ORDER } from '../../name-order.ts';
import type { CardioLogView } from './library-views.ts';

type Range = { from?: string | undefined; to?: string | undefined };

const machineRow = z.object({ id: z.string(), name: z.string() });
const cardioRow = z.object({
  id: z.string(),
  machine_id: z.string(),
  machine_name: z.string().nullable(),
  date: z.string(),
  minutes: z.number(),
  distance_km: z.number().nullable(),
  calories: z.number().nullable(),
  level: z.number().nullable(),
});
const toLog = (row: z.infer<typeof cardioRow>): CardioLogView => ({
  id: row.id,
  machineId: row.machine_id,
  machineName: row.machine_name,
  date: row.date,
  minutes: row.minutes,
  distanceKm: row.distance_km,
  calories: row.calories,
  level: row.level,
});

export async function listMachines(db: CommonQueryMethods, userId: string, onlyId: string | null = null): Promise<Array<z.infer<typeof machineRow>>> {
  return [...await db.any(sql.type(machineRow)`
    SELECT id, name FROM gym.machines WHERE user_id = ${userId} AND (${onlyId}::text IS NULL OR id = ${onlyId}) ORDER BY name ${NAME_ORDER}, id`)];
}

export async function readMachine(db: CommonQueryMethods, userId: string, id: string) {
  const [machine] = await listMachines(db, userId, id);
  if (!machine) throw notFound('Machine not found');
  return machine;
}

export async function listCardioLogs(db: CommonQueryMethods, userId: string, range: Range, onlyId: string | null = null): Promise<CardioLogView[]> {
  const rows = await db.any(sql.type(cardioRow)`
    SELECT c.id, c.machine_id, m.name AS machine_name, c.date::text AS date, c.minutes, c.distance_km, c.calories, c.level
    FROM gym.cardio_logs c LEFT JOIN gym.machines m ON m.id = c.machine_id
    WHERE c.user_id = ${userId} AND (${onlyId}::text IS NULL OR c.id = ${onlyId})
      AND (${range.from ?? null}::date IS NULL OR c.date >= ${range.from ?? null}::date)
      AND (${range.to ?? null}::date IS NULL OR c.date <= ${range.to ?? null}::date)
    ORDER BY c.date DESC, c.id`);
  return rows.map(toLog);
}

export async function readCardioLog(db: CommonQueryMethods, userId: string, id: string): Promise<CardioLogView> {
  const [log] = await listCardioLogs(db, userId, {}, id);
  if (!log) throw notFound('Cardio log not found');
  return log;
}
