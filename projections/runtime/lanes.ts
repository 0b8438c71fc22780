/**
 * A stretch of a replayed batch: events split among lanes by their key (each lane's in log order),
 * or events with no key, which may depend on anything before them and anything after them on them.
 */
export type Stretch<T> = { readonly lanes: ReadonlyArray<readonly T[]> } | { readonly alone: readonly T[] };

/** FNV-1a over the key's UTF-16 code units: cheap, and the same lane for the same key in every run */
export function laneOf(key: string, lanes: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % lanes;
}

/**
 * Splits `events` (in log order) into stretches: a run of keyed events dealt to `lanes` lanes by key,
 * then a run of keyless ones, and so on. Applying a stretch's lanes side by side, and each stretch
 * after the one before, gives every key's events in log order and every keyless event after all
 * that came before it.
 */
export function splitIntoLanes<T>(events: readonly T[], lanes: number, keyOf: (event: T) => string | null): Array<Stretch<T>> {
  const stretches: Array<Stretch<T>> = [];
  let dealt: T[][] | null = null;
  let alone: T[] | null = null;
  // a batch holds a few keys many times over
  const laneOfKey = new Map<string, number>();
  for (const event of events) {
    const key = keyOf(event);
    if (key === null) {
      dealt = null;
      if (!alone) stretches.push({ alone: (alone = []) });
      alone.push(event);
    } else {
      alone = null;
      if (!dealt) stretches.push({ lanes: (dealt = Array.from({ length: lanes }, () => [])) });
      let lane = laneOfKey.get(key);
      if (lane === undefined) laneOfKey.set(key, (lane = laneOf(key, lanes)));
      dealt[lane]!.push(event);
    }
  }
  return stretches;
}
