// Who sits out when the people here do not fill whole courts (beyond spec 002: what organisers of
// real nights ask for first). The shuffle's rules are unchanged: it runs on those playing, and still
// refuses a count that is not a multiple of four. Pure: the random source comes in, as for the shuffle.
import { type Random, shuffled } from './random.ts';
import type { PersonId } from './shuffle.ts';

/** What a filed round tells about sitting out: its number and who sat it out (absent: nobody, or an older build). */
export type SitOutRound = { readonly number: number; readonly sittingOut?: readonly PersonId[] | undefined };

/** How often someone sat out tonight, and the last round they did (null: never). */
export type SitOutRecord = { readonly times: number; readonly lastRound: number | null };

/**
 * How many must sit out for the rest to fill whole courts: everyone past the last multiple of four,
 * and everyone past what the courts take. 13 people on 3 courts: 1; 13 on 2 courts: 5.
 */
export function sitOutsNeeded(people: number, courts: number): number {
  const playing = Math.min(Math.floor(people / 4), Math.max(0, courts)) * 4;
  return people - playing;
}

/** Each person's sit-outs in the filed rounds; someone never sitting out is not listed. */
export function sitOutRecords(rounds: readonly SitOutRound[]): Map<PersonId, SitOutRecord> {
  const records = new Map<PersonId, SitOutRecord>();
  for (const round of rounds) {
    for (const id of new Set(round.sittingOut ?? [])) {
      const record = records.get(id) ?? { times: 0, lastRound: null };
      records.set(id, { times: record.times + 1, lastRound: Math.max(record.lastRound ?? round.number, round.number) });
    }
  }
  return records;
}

export type ChooseSitOutsInput = {
  /** who is here and could play */
  readonly people: readonly PersonId[];
  readonly count: number;
  /** tonight's filed rounds */
  readonly rounds: readonly SitOutRound[];
  /** breaks ties, so nobody sits out first because of the order they came in */
  readonly random: Random;
};

/**
 * The `count` people who sit out next: those who sat out least tonight, then those whose last
 * sit-out is longest ago (never before anyone who has). The one who sat out the last round comes
 * after everyone with as few sit-outs, so nobody sits out twice in a row while others have not.
 */
export function chooseSitOuts({ people, count, rounds, random }: ChooseSitOutsInput): PersonId[] {
  // nobody to choose: the random source is left untouched, so a night that fills its courts draws as before
  if (count <= 0) return [];
  const records = sitOutRecords(rounds);
  const times = (id: PersonId) => records.get(id)?.times ?? 0;
  // round numbers start at 1: 0 is before any of them
  const last = (id: PersonId) => records.get(id)?.lastRound ?? 0;
  // shuffled first, so the stable sort leaves equals in a random order
  const order = shuffled(random, [...new Set(people)]).sort((a, b) => times(a) - times(b) || last(a) - last(b));
  return order.slice(0, Math.max(0, count));
}
