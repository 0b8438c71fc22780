import { useState } from 'preact/hooks';
import { createRandom } from '../../domain/club/random.ts';
import { sitOutsNeeded } from '../../domain/club/sit-out.ts';
import { Court } from './court.tsx';
import { chooseSittingOut, nameOnSheet, type Night, nextRound, nextRoundBlocked, roundStarted, setCourts, shuffleNight, sittingOutOf, swap, whyLineUp, whySittingOut } from './night.ts';

const nowIso = (): string => new Date().toISOString();
const seed = (): number => crypto.getRandomValues(new Uint32Array(1))[0]!;

/** Who plays where this round: shuffled, drawn again for the next round, who sits out and why, two people swapped by tapping each. */
export function LineUp({ night, readOnly, edit }: { readonly night: Night; readonly readOnly: boolean; readonly edit: (change: (night: Night) => Night) => void }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [shuffleProblem, setShuffleProblem] = useState<string | null>(null);
  const nameOf = (personId: string) => nameOnSheet(night, personId);
  const blocked = nextRoundBlocked(night);
  const sittingOut = sittingOutOf(night);
  const started = roundStarted(night);
  const mustSitOut = sitOutsNeeded(night.people.length, night.courts);
  // said only when the people here do not fill whole courts (and are enough for one)
  const sitOutHint =
    mustSitOut === 0 || mustSitOut === night.people.length
      ? null
      : started
        ? `${mustSitOut} must sit out. The round has started: those on court play it; Next round chooses again.`
        : `${mustSitOut} must sit out to fill whole courts: Choose who sits out picks those who sat out least tonight, then longest ago.`;

  const tapPerson = (personId: string) => {
    if (readOnly) return;
    if (selected === null) return setSelected(personId);
    if (selected !== personId) edit((current) => swap(current, selected, personId));
    setSelected(null);
  };
  const runShuffle = (next: boolean) => {
    const current = night;
    const result = next ? nextRound(current, createRandom(seed()), nowIso()) : shuffleNight(current, createRandom(seed()));
    if (!result.ok) return setShuffleProblem(result.reason);
    setShuffleProblem(null);
    setSelected(null);
    edit(() => result.night);
  };

  return (
    <section aria-labelledby="lineup-heading" class="lineup">
      <h2 id="lineup-heading">Line-up</h2>
      <div class="actions">
        <button type="button" class="primary" disabled={readOnly} onClick={() => runShuffle(false)}>
          Shuffle
        </button>
        <button type="button" disabled={readOnly || blocked !== null} aria-describedby={blocked ? 'next-blocked' : undefined} onClick={() => runShuffle(true)}>
          Next round
        </button>
        <button
          type="button"
          disabled={readOnly}
          aria-describedby={sitOutHint ? 'sit-out-hint' : undefined}
          onClick={() => {
            setShuffleProblem(null);
            edit((current) => chooseSittingOut(current, createRandom(seed())));
          }}
        >
          Choose who sits out
        </button>
      </div>
      {sitOutHint ? (
        <p id="sit-out-hint" class="hint">
          {sitOutHint}
        </p>
      ) : null}
      {blocked ? (
        <p id="next-blocked" class="hint">
          {blocked}
        </p>
      ) : null}
      {shuffleProblem ? (
        <p class="error" role="alert">
          {shuffleProblem}
        </p>
      ) : null}
      {sittingOut.length > 0 ? (
        <p class="sitting-out" data-testid="sitting-out">
          <strong>Sitting out:</strong> {sittingOut.map(nameOf).join(', ')}
        </p>
      ) : null}
      {night.lineUp.length === 0 ? (
        <p>Nobody is on court. Shuffle to draw a line-up.</p>
      ) : (
        <>
          <p class="hint">Swap two people: tap one, then the other, on any court.</p>
          <ol class="sheet">
            {night.lineUp.map((entry) => (
              <Court key={entry.court} entry={entry} nameOf={nameOf} selected={selected} onTap={tapPerson} />
            ))}
          </ol>
          <details class="why">
            <summary>Why this line-up</summary>
            <p class="hint">
              The shuffle draws 300 line-ups and keeps the one with the lowest variety score against tonight’s finished rounds: 10 for each
              repeated partner, 3 for each repeated opponent, 1 for each repeated court-mate. Strength groups: the strongest and the fourth
              play the second and the third.
            </p>
            <ul>
              {whyLineUp(night).map((why) => (
                <li key={why.court}>
                  Court {why.court}: score {why.score} ({why.partners} repeated partner{why.partners === 1 ? '' : 's'}, {why.opponents} repeated opponent
                  {why.opponents === 1 ? '' : 's'}, {why.courtMates} repeated court-mate{why.courtMates === 1 ? '' : 's'})
                </li>
              ))}
            </ul>
            {sittingOut.length > 0 ? (
              <>
                <p class="hint">
                  Who sits out: those who sat out least tonight, then those whose last time is longest ago; nobody sits out twice in a row while
                  others have not.
                </p>
                <ul aria-label="Sitting out">
                  {whySittingOut(night).map((why) => (
                    <li key={why.id} class="sitting-out-why">
                      {why.name} sits out:{' '}
                      {why.times === 0 ? 'first time tonight' : `sat out ${why.times} round${why.times === 1 ? '' : 's'} before, last in round ${why.lastRound ?? '?'}`}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </details>
        </>
      )}
      <div class="courts-field">
        <label for="courts">Courts</label>
        <input
          id="courts"
          type="number"
          inputMode="numeric"
          min={1}
          max={20}
          disabled={readOnly}
          value={night.courts}
          onChange={(event) => edit((current) => setCourts(current, Number(event.currentTarget.value)))}
        />
      </div>
    </section>
  );
}
