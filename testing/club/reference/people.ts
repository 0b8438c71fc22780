// Test support: the club reference's steps for people (testing/club/reference.ts).
import type { Club, Outcome } from './model.ts';
import { hasLevel, ok, onCourt, refused, validName } from './rules.ts';

/** Spec: POST /api/players is idempotent on the client's id; an existing id answers 200 with the person as they are. */
export function stepAddPlayer(club: Club, body: { id: string; name: string; levelId?: string | null; guest?: boolean }, at: string): Outcome {
  if (!validName(body.name)) return refused(400);
  if (!hasLevel(club, body.levelId)) return refused(400);
  if (club.players.has(body.id)) return ok(200);
  club.players.set(body.id, { id: body.id, name: body.name.trim(), levelId: body.levelId ?? null, guest: body.guest ?? false, archived: false, createdAt: at });
  return ok(201);
}

export function stepChangePlayer(club: Club, id: string, body: { name?: string; levelId?: string | null; guest?: boolean; archived?: boolean }): Outcome {
  if (Object.keys(body).length === 0 || (body.name !== undefined && !validName(body.name))) return refused(400);
  if (!hasLevel(club, body.levelId)) return refused(400);
  const player = club.players.get(id);
  if (!player) return refused(404);
  if (body.name !== undefined) player.name = body.name.trim();
  if (body.levelId !== undefined) player.levelId = body.levelId;
  if (body.guest !== undefined) player.guest = body.guest;
  if (body.archived !== undefined) player.archived = body.archived;
  return ok();
}

/** Spec: DELETE /api/players/:id is 409 when the person is in a session or a round. */
export function stepDeletePlayer(club: Club, id: string): Outcome {
  if (!club.players.has(id)) return refused(404);
  const inNight = [...club.nights.values()].some(
    (night) => night.people.some((person) => person.playerId === id) || night.rounds.some((round) => onCourt(round.lineUp).includes(id)),
  );
  if (inNight) return refused(409, 'PLAYER_IN_HISTORY');
  club.players.delete(id);
  return ok();
}
