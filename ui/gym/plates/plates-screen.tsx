import { useState } from 'preact/hooks';
import type { SignedIn } from '../signed-in.ts';
import { SET_BOUNDS } from '../../../domain/gym/bounds.ts';
import { kgToShown, parseNumber } from '../model.ts';
import { DEFAULT_BAR, PLATES, platesFor } from './plates.ts';

/** Plates per side for a target; the unit is the user's, the bar weight theirs to change. */
export function PlatesScreen({ signedIn }: { readonly signedIn: SignedIn }) {
  const unit = signedIn.user.settings.unit;
  // opened from a workout: on the weight of the set at hand
  const [target, setTarget] = useState(() => new URLSearchParams(location.search).get('target') ?? '');
  const [bar, setBar] = useState(String(DEFAULT_BAR[unit]));
  const targetValue = parseNumber(target);
  const barValue = parseNumber(bar);
  // no set holds more (the API's bound): past it a sentence, not a row of thousands of plates
  const heaviest = kgToShown(SET_BOUNDS.kg, unit);
  const tooHeavy = targetValue !== null && targetValue > heaviest;
  const load = targetValue === null || barValue === null || tooHeavy ? null : platesFor(targetValue, barValue, unit);

  return (
    <section class="stack" aria-labelledby="plates-heading">
      <h2 id="plates-heading">Plate calculator</h2>
      <p class="hint">
        Plates in {unit}: {PLATES[unit].join(', ')}. Worked out on this phone.
      </p>
      <form class="stack" onSubmit={(event) => event.preventDefault()}>
        <div class="field">
          <label for="plates-target">Target weight ({unit})</label>
          <input id="plates-target" type="text" inputMode="decimal" value={target} onInput={(event) => setTarget(event.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="plates-bar">Bar weight ({unit})</label>
          <input id="plates-bar" type="text" inputMode="decimal" value={bar} onInput={(event) => setBar(event.currentTarget.value)} />
        </div>
      </form>
      <div class="card" aria-live="polite" data-testid="plates-result">
        {target.trim() === '' ? (
          <p>Type a target weight.</p>
        ) : tooHeavy ? (
          <p class="problem">
            That is more than a set can hold: the calculator works up to {heaviest.toLocaleString('en-US')} {unit}.
          </p>
        ) : load === null ? (
          <p class="problem">The target and the bar must be numbers in {unit}.</p>
        ) : load.kind === 'below-bar' ? (
          <p class="problem">
            The target is lighter than the {barValue} {unit} bar.
          </p>
        ) : (
          <>
            <p class="card-title">{load.perSide.length === 0 ? 'The bar alone: no plates.' : `Each side: ${load.perSide.join(' + ')} ${unit}`}</p>
            {load.remaining > 0 ? (
              <p>
                {load.loaded} {unit} loaded: {load.remaining} {unit} short of {targetValue} {unit}, the nearest these plates make.
              </p>
            ) : (
              <p>
                Makes {load.loaded} {unit} exactly.
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
