import { z } from 'zod';
import { idTextSchema } from '../../domain/shared/text.ts';
import { clientIdSchema } from '../../domain/club/player.ts';
import { courtsSchema, type NightState, snapshotSchema } from '../../domain/club/night.ts';
import { decideNight } from '../../domain/club/night-decide.ts';
import { roundLengthSecSchema, timeSchema } from '../../domain/club/settings.ts';
import { dateSchema, weekdayOf } from '../../domain/shared/calendar.ts';
import { errorBodySchema, type HttpApp } from '../../infra/http/app.ts';
import { cuid } from '../../infra/ids.ts';
import { badRequest, HttpError, notFound } from '../../infra/http/errors.ts';
import { nightDocumentSchema } from '../../projections/club/nights/night-views.ts';
import { knownPlayerIds } from '../../projections/club/players/read-players.ts';
import { readNight } from '../../projections/club/nights/read-nights.ts';
import { clubNightHistoryRoutes } from './night-history.ts';
import type { ClubCommandDeps } from './route-deps.ts';
import { answerStaleCopy, nightChangeRefusals } from './stale-copy.ts';
import { claimSlot, nightAsItStands, nightCommand, nightSave, releaseSlot, settingsAsItStands } from './streams.ts';

const MAX_OPEN_ATTEMPTS = 3;

const idParams = z.object({ id: idTextSchema });
const documentResponses = { 200: nightDocumentSchema, 401: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema };

export const openNightBody = z.object({
  id: clientIdSchema.optional().describe('made by the client to open a night offline; one is made when absent'),
  venueId: idTextSchema,
  date: dateSchema,
  startTime: timeSchema.optional().describe("default: the venue's weekly slot on that weekday"),
  endTime: timeSchema.optional(),
  courts: courtsSchema.optional().describe('default: the club setting'),
  roundLengthSec: roundLengthSecSchema.optional().describe('default: the club setting'),
});

export function clubNightCommandRoutes(app: HttpApp, deps: ClubCommandDeps): void {
  const onRequest = deps.cookies.requireUser;

  app.post(
    '/api/sessions',
    {
      schema: {
        operationId: 'openNight',
        summary: 'Open a night at a venue on a club-local date; opening the same venue, date and start again answers the night already open (200)',
        body: openNightBody,
        response: { 200: nightDocumentSchema, 201: nightDocumentSchema, 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema },
      },
      onRequest,
    },
    async (request, reply) => {
      const body = request.body;
      const settings = (await deps.runner.append(request, settingsAsItStands())).state;
      const venue = settings.venues.find((candidate) => candidate.id === body.venueId);
      if (!venue) throw badRequest('body.venueId', `no venue ${body.venueId}`);
      const slots = settings.slots.filter(
        (slot) => slot.venueId === venue.id && slot.weekday === weekdayOf(body.date) && (body.startTime === undefined || slot.start === body.startTime),
      );
      const slot = slots.length === 1 ? slots[0] : undefined;
      const startTime = body.startTime ?? slot?.start;
      const endTime = body.endTime ?? slot?.end;
      if (startTime === undefined) throw badRequest('body.startTime', `required: ${venue.name} has ${slots.length === 0 ? 'no slot' : 'several slots'} on that weekday`);
      if (endTime === undefined) throw badRequest('body.endTime', `required: ${venue.name} has no slot starting at ${startTime} on that weekday`);
      if (startTime >= endTime) throw badRequest('body.endTime', 'must be after startTime');

      const details = {
        venueId: venue.id,
        date: body.date,
        startTime,
        endTime,
        courts: body.courts ?? settings.club.defaultCourts,
        roundLengthSec: body.roundLengthSec ?? settings.club.roundLengthSec,
      };
      // an id already naming another night is refused before the slot key is touched
      if (body.id !== undefined) {
        const named = (await deps.runner.append(request, nightAsItStands(body.id))).state;
        try {
          if (named !== null) decideNight({ type: 'open-session', ...details, at: deps.now().toISOString() }, named);
        } catch (error) {
          throw deps.runner.refusal(error);
        }
      }
      const opening = { venueId: venue.id, date: body.date, startTime };
      // A claim whose night turns out to be another slot's (a race on one id, or a key left by an
      // older build) is released, so a refused open never blocks the slot; the next pass claims anew.
      for (let attempt = 1; ; attempt += 1) {
        const claim = await deps.runner.run(request, claimSlot(opening, body.id ?? cuid()));
        const id = claim.state as string;
        try {
          const opened = await deps.runner.run(request, nightCommand(id, { type: 'open-session', ...details, at: deps.now().toISOString() }));
          return reply.code(opened.appended ? 201 : 200).send(await readNight(deps.pool, id));
        } catch (error) {
          if (!(error instanceof HttpError) || error.code !== 'SESSION_ID_TAKEN') throw error;
          await deps.runner.run(request, releaseSlot(opening, id));
          if (id === body.id || attempt === MAX_OPEN_ATTEMPTS) throw error;
        }
      }
    },
  );

  app.put(
    '/api/sessions/:id',
    {
      schema: {
        operationId: 'saveNight',
        summary:
          'Save the whole night as the phone holds it, with the version it started from: 200 {version} (the new one), or 409 {current} (the server copy) when another phone saved first',
        params: idParams,
        body: snapshotSchema,
        response: {
          200: z.object({ version: z.number() }),
          ...nightChangeRefusals,
        },
      },
      onRequest,
    },
    async (request, reply) => {
      const { id } = request.params;
      const snapshot = request.body;
      const known = await knownPlayerIds(deps.pool, snapshot.people.map((person) => person.id));
      try {
        const saved = await deps.runner.run(request, nightSave(id, snapshot, deps.now().toISOString(), known));
        return { version: (saved.state as NonNullable<NightState>).version };
      } catch (error) {
        return answerStaleCopy(deps, reply, id, error);
      }
    },
  );

  app.post(
    '/api/sessions/:id/close',
    { schema: { operationId: 'closeNight', summary: 'Close the night; its version moves on, so a phone still editing gets the closed copy', params: idParams, response: documentResponses }, onRequest },
    async (request) => {
      await deps.runner.run(request, nightCommand(request.params.id, { type: 'close-session', at: deps.now().toISOString() }));
      return readNight(deps.pool, request.params.id);
    },
  );

  app.post(
    '/api/sessions/:id/reopen',
    { schema: { operationId: 'reopenNight', summary: 'Reopen a closed night; round numbers continue after its last round', params: idParams, response: documentResponses }, onRequest },
    async (request) => {
      await deps.runner.run(request, nightCommand(request.params.id, { type: 'reopen-session', at: deps.now().toISOString() }));
      return readNight(deps.pool, request.params.id);
    },
  );

  app.delete(
    '/api/sessions/:id',
    {
      schema: {
        operationId: 'deleteNight',
        summary: 'Delete a night opened by mistake; refused with 409 once a round is filed',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }), 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema },
      },
      onRequest,
    },
    async (request) => {
      const { id } = request.params;
      const night = (await deps.runner.append(request, nightAsItStands(id))).state;
      if (night === null) throw notFound('No such night');
      await deps.runner.run(request, nightCommand(id, { type: 'delete-session', at: deps.now().toISOString() }));
      await deps.runner.run(request, releaseSlot(night.openedAs, id));
      return { ok: true as const };
    },
  );

  clubNightHistoryRoutes(app, deps);
}
