// The contender of `npm run bench:http`: the gym's set tick route as plain CRUD would write it.
// Fastify with the same zod schemas, one `INSERT … ON CONFLICT` per tick on a pg pool; no event
// log, no projector, no session check. What an event-sourced tick is measured against.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import { z } from 'zod';
import { tickSetBody } from '../../command-api/gym/workouts.ts';
import { idParams } from '../../infra/http/request-schemas.ts';

export type PlainCrud = { readonly url: string; close(): Promise<void> };

const setRow = z.object({
  id: z.string(),
  sessionId: z.string(),
  exerciseId: z.string(),
  setNumber: z.number(),
  kg: z.number(),
  reps: z.number(),
  unit: z.string().nullable(),
  rpe: z.number().nullable(),
});

export async function startPlainCrud(databaseUrl: string): Promise<PlainCrud> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(`CREATE TABLE IF NOT EXISTS crud_sets (
    id uuid NOT NULL, workout_id uuid NOT NULL, exercise_id uuid NOT NULL, set_number integer NOT NULL,
    kg double precision NOT NULL, reps integer NOT NULL, unit text, rpe real,
    PRIMARY KEY (workout_id, exercise_id, set_number))`);
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.post(
    '/api/sessions/:id/sets',
    { schema: { params: idParams, body: tickSetBody, response: { 200: setRow } } },
    async (request) => {
      const { exerciseId, setNumber, kg, reps } = request.body;
      const { rows } = await pool.query<{ id: string; set_number: number; kg: number; reps: number; unit: string | null; rpe: number | null }>(
        `INSERT INTO crud_sets (id, workout_id, exercise_id, set_number, kg, reps, unit, rpe)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (workout_id, exercise_id, set_number) DO UPDATE SET kg = excluded.kg, reps = excluded.reps, unit = excluded.unit, rpe = excluded.rpe
         RETURNING id, set_number, kg, reps, unit, rpe`,
        [request.params.id, exerciseId, setNumber, kg, reps, request.body.unit ?? null, request.body.rpe ?? null],
      );
      const row = rows[0]!;
      return { id: row.id, sessionId: request.params.id, exerciseId, setNumber: row.set_number, kg: row.kg, reps: row.reps, unit: row.unit, rpe: row.rpe };
    },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the plain CRUD server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
