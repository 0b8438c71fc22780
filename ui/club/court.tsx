import type { CourtEntry } from '../../domain/club/shuffle.ts';

/** One court of the sheet; without `onTap` (a version in the history) its people are names, not buttons. */
export function Court({ entry, nameOf, selected = null, onTap }: { entry: CourtEntry; nameOf: (id: string) => string; selected?: string | null; onTap?: (id: string) => void }) {
  const person = (personId: string, team: string) =>
    onTap ? (
      <button type="button" class="person" aria-pressed={selected === personId} aria-label={`${nameOf(personId)}, court ${entry.court} team ${team}`} onClick={() => onTap(personId)}>
        {nameOf(personId)}
      </button>
    ) : (
      <span class="person">{nameOf(personId)}</span>
    );
  return (
    <li class="court" aria-label={`Court ${entry.court}`}>
      <h3>Court {entry.court}</h3>
      <div class="teams">
        <div class="team" data-team="A">
          <span class="team-name">Team A</span>
          {person(entry.teamA[0], 'A')}
          {person(entry.teamA[1], 'A')}
        </div>
        <span class="vs" aria-hidden="true">
          vs
        </span>
        <div class="team" data-team="B">
          <span class="team-name">Team B</span>
          {person(entry.teamB[0], 'B')}
          {person(entry.teamB[1], 'B')}
        </div>
      </div>
    </li>
  );
}
