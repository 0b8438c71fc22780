/**
 * The id of the workout of (user, plan day, date), computed alike by the server and by a phone with
 * no signal: a name-based UUID (version 5's layout over SHA-256) of the key, so the key names the
 * stream and get-or-create is the event store's `no_stream` rule. Hashing is left to the caller
 * (node:crypto on the server, crypto.subtle in a browser); this module only says what is hashed and
 * how the digest becomes a UUID, so both sides cannot drift apart.
 */
export function workoutIdKey(userId: string, planDayId: string | null, date: string): string {
  return `gym-workout\u0000${userId}\u0000${planDayId ?? ''}\u0000${date}`;
}

/**
 * The key of a workout imported from another tracker's export: the same workout of the file (its
 * name and start as written there) always names the same stream. Its own namespace keeps it apart
 * from the workouts started here.
 */
export function importedWorkoutIdKey(userId: string, name: string, start: string): string {
  return `gym-imported-workout\u0000${userId}\u0000${name}\u0000${start}`;
}

/** The first 16 bytes of a SHA-256 digest as a UUID, version nibble 5 and the RFC 4122 variant. */
export function uuidFromSha256(digest: Uint8Array): string {
  if (digest.length < 16) throw new Error(`a SHA-256 digest has 32 bytes, not ${digest.length}`);
  const hex = Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
