import { useState } from 'preact/hooks';
import type { Session } from './app.tsx';
import { parseNumber } from './model.ts';
import { DEFAULT_BAR, PLATES, platesFor } from './plates.ts';

/** Plates per side for a target; the unit is the user's, the bar weight theirs to change. */
export function PlatesScreen({ session }: { readonly session: Session }) {
  const unit = session.user.settings.unit;
  const [target, setTarget] = useState('');
  const [bar, setBar] = useState(String(DEFAULT_BAR[unit]));
  const targetValue = parseNumber(target);
  const barValue = parseNumber(bar);
  const load = targetValue === null || barValue === null ? null : platesFor(targetValue, barValue, unit);

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
