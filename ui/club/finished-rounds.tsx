import { clubTime, nameInRound, type Night } from './night.ts';

/** The rounds filed so far, the last first: the night screen's and each version's in the history. */
export function FinishedRounds({ night }: { readonly night: Pick<Night, 'rounds' | 'people' | 'playerNames'> }) {
  return (
    <section aria-labelledby="rounds-heading">
      <h2 id="rounds-heading">Finished rounds</h2>
      {night.rounds.length === 0 ? <p>No round finished yet.</p> : null}
      <ol class="rounds" reversed>
        {[...night.rounds].reverse().map((round) => {
          const nameOf = (personId: string) => nameInRound(night, round, personId);
          return (
            <li key={round.number}>
              <h3>
                Round {round.number} · {clubTime(new Date(round.startedAt))}–{clubTime(new Date(round.endedAt))}
              </h3>
              <ul>
                {round.lineUp.map((entry) => (
                  <li key={entry.court}>
                    Court {entry.court}: {nameOf(entry.teamA[0])} & {nameOf(entry.teamA[1])} vs {nameOf(entry.teamB[0])} & {nameOf(entry.teamB[1])}
                  </li>
                ))}
                {round.sittingOut && round.sittingOut.length > 0 ? <li>Sat out: {round.sittingOut.map(nameOf).join(', ')}</li> : null}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
