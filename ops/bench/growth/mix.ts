// The shares of the log bench:growth grows, by kind of traffic, and how many events each kind gets.
export const MIX = { gym: 0.7, club: 0.1, forms: 0.1, shows: 0.1 } as const;
export type Kind = keyof typeof MIX;
export const KINDS = Object.keys(MIX) as Kind[];

/** Each kind's events of a log of `total` events: its share, rounded down, the remainder to gym so the parts add up to `total`. */
export function targetsOf(total: number): Record<Kind, number> {
  const targets = { gym: 0, club: 0, forms: 0, shows: 0 };
  for (const kind of KINDS) targets[kind] = Math.floor(total * MIX[kind]);
  targets.gym += total - KINDS.reduce((sum, kind) => sum + targets[kind], 0);
  return targets;
}

/** The mix as the bench prints it: `gym 70 %, club 10 %, …`. */
export const describeMix = (): string => KINDS.map((kind) => `${kind} ${Math.round(MIX[kind] * 100)} %`).join(', ');
