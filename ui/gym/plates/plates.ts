// The plate calculator (client only, spec 000): which plates go on each side of the bar for a
// target weight. Sums are counted in hundredths so that 2.5 and 1.25 add up without float drift.
import type { Unit } from '../model.ts';

/** The plates of a commercial gym, heaviest first; as many of each as the bar holds. */
export const PLATES: Readonly<Record<Unit, readonly number[]>> = {
  kg: [25, 20, 15, 10, 5, 2.5, 1.25],
  lb: [45, 35, 25, 10, 5, 2.5],
};

/** The usual bar of each unit: the 20 kg and the 45 lb Olympic bar. */
export const DEFAULT_BAR: Readonly<Record<Unit, number>> = { kg: 20, lb: 45 };

export type PlateLoad =
  | {
      readonly kind: 'load';
      /** the plates for one side, heaviest first */
      readonly perSide: readonly number[];
      /** what the bar weighs loaded this way */
      readonly loaded: number;
      /** the target minus what is loaded: 0 when the target is made exactly */
      readonly remaining: number;
    }
  | { readonly kind: 'below-bar' };

const hundredths = (value: number): number => Math.round(value * 100);

/**
 * The heaviest load not above the target: heaviest plates first. Each set of plates includes its
 * smallest plate's every multiple (1.25 kg, 2.5 lb), so taking the heaviest plate that fits never
 * loses a load a different choice could make.
 */
export function platesFor(target: number, bar: number, unit: Unit): PlateLoad {
  const targetH = hundredths(target);
  const barH = hundredths(bar);
  if (targetH < barH) return { kind: 'below-bar' };
  let sideLeft = Math.floor((targetH - barH) / 2);
  const perSide: number[] = [];
  for (const plate of PLATES[unit]) {
    const plateH = hundredths(plate);
    while (sideLeft >= plateH) {
      perSide.push(plate);
      sideLeft -= plateH;
    }
  }
  const loadedH = barH + 2 * perSide.reduce((sum, plate) => sum + hundredths(plate), 0);
  return { kind: 'load', perSide, loaded: loadedH / 100, remaining: (targetH - loadedH) / 100 };
}
