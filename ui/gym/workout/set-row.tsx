import { useState } from 'preact/hooks';
import { refusalWords } from '../../shared/messages.ts';
import { SET_BOUNDS } from '../../../domain/gym/bounds.ts';
import { SET_KINDS } from '../../../domain/gym/set-kind.ts';
import { kgToShown, parseNumber, type SetKind, typedKg, type Unit } from '../model.ts';
import { SET_KIND_WORDS } from './workout-history.ts';
import type { Row, RowState } from './workout-rows.ts';

const STATE_TEXT: Readonly<Record<RowState['kind'], string>> = { saving: 'Saving…', saved: 'Saved', queued: 'Queued: will send', failed: 'Not saved' };

export type SetDetails = { readonly kind: SetKind; readonly note: string; readonly rpe: number | null };
/** RPE as lifters log it: 6 (easy) to 10 (nothing left) in half steps */
const RPE_CHOICES = [6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10] as const;

/** The set number's stand-in for a set that is not an ordinary one, as Strong and Hevy mark them. */
const KIND_MARK: Readonly<Record<SetKind, string | null>> = { normal: null, warmup: 'W', drop: 'D', failure: 'F' };
const KIND_CHOICE: Readonly<Record<SetKind, string>> = { normal: 'Normal', warmup: 'Warm-up', drop: 'Drop set', failure: 'To failure' };

/** One set of an exercise: its weight and reps typed and ticked, its kind, RPE and note chosen on the row. */
export function SetRow({
  exercise,
  row,
  unit,
  state,
  last,
  onTick,
  onDetails,
  onDelete,
}: {
  readonly exercise: string;
  readonly row: Row;
  readonly unit: Unit;
  readonly state: RowState | null;
  /** what this set was the last time of the exercise ("last: 100 × 5"), null when there is none */
  readonly last: string | null;
  readonly onTick: (kg: number, reps: number, details: SetDetails) => void;
  /** a set already ticked takes another kind or note at once; null for a row not ticked yet */
  readonly onDetails: ((details: SetDetails) => void) | null;
  readonly onDelete: (() => void) | null;
}) {
  // What the user typed wins over what is known of the set until the set's values change (a
  // correction, a deletion, a tick of other numbers); an unticked row otherwise shows the
  // suggestion, which follows the set above. A queued set confirmed with the same numbers keeps
  // what is being typed: the answer arriving mid-typing must not undo it. Derived in the render
  // itself, so the row never shows "Saved" beside an old value.
  const basis = row.source === 'planned' ? `planned|${unit}` : `set|${row.kg}|${row.reps}|${unit}`;
  const [edit, setEdit] = useState<{ basis: string; weight: string | null; reps: string | null }>({ basis, weight: null, reps: null });
  const typed = edit.basis === basis ? edit : { basis, weight: null, reps: null };
  const weight = typed.weight ?? (row.kg === null ? '' : String(kgToShown(row.kg, unit)));
  const reps = typed.reps ?? (row.reps === null ? '' : String(row.reps));
  const [problem, setProblem] = useState<string | null>(null);
  // the kind and note chosen here, until the set's own change (as the numbers above)
  const detailsBasis = `${row.source}|${row.kind}|${row.note}|${row.rpe}`;
  const [chosen, setChosen] = useState<{ basis: string; details: SetDetails } | null>(null);
  const details = chosen?.basis === detailsBasis ? chosen.details : { kind: row.kind, note: row.note, rpe: row.rpe };
  const [open, setOpen] = useState(false);
  const [noteTyped, setNoteTyped] = useState<string | null>(null);
  const name = `${exercise} set ${row.setNumber}`;
  const tick = () => {
    const shown = parseNumber(weight);
    const count = parseNumber(reps);
    if (shown === null || count === null || !Number.isInteger(count)) {
      setProblem('Type the weight and a whole number of reps.');
      return;
    }
    setProblem(null);
    setOpen(false);
    onTick(typedKg(shown, row.kg, unit), count, details);
  };
  const choose = (next: SetDetails) => {
    setChosen({ basis: detailsBasis, details: next });
    if (onDetails && (next.kind !== row.kind || next.note !== row.note || next.rpe !== row.rpe)) onDetails(next);
  };
  const mark = KIND_MARK[details.kind];
  const note = noteTyped ?? details.note;
  const done = state?.kind === 'saved' || state?.kind === 'queued' || state?.kind === 'saving';
  return (
    <li class={`set-row${done ? ' set-done' : ''}`} data-testid="set-row">
      {onDelete ? (
        <button type="button" class="delete" aria-label={`Delete ${name}`} onClick={onDelete}>
          <span aria-hidden="true">✕</span>
        </button>
      ) : (
        <span />
      )}
      <button
        type="button"
        class={`set-number${mark ? ` kind-${details.kind}` : ''}`}
        aria-expanded={open}
        aria-label={`${name}${details.kind === 'normal' ? '' : `, ${SET_KIND_WORDS[details.kind]}`}: kind, RPE and note`}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{mark ?? row.setNumber}</span>
      </button>
      <input
        type="text"
        inputMode="decimal"
        aria-label={`${name} weight (${unit})`}
        value={weight}
        onInput={(event) => setEdit({ ...typed, weight: event.currentTarget.value })}
      />
      <input
        type="text"
        inputMode="numeric"
        aria-label={`${name} reps`}
        value={reps}
        onInput={(event) => setEdit({ ...typed, reps: event.currentTarget.value })}
      />
      <button type="button" class={done ? 'tick ticked' : 'tick'} aria-label={`Tick ${name}`} onClick={tick}>
        <span aria-hidden="true">✓</span>
      </button>
      <div class="set-meta">
        <span class={`set-state${state ? ` state-${state.kind}` : ''}`} data-testid="set-state" aria-label={`${name}:`}>
          {problem ?? (state ? (state.kind === 'failed' ? `Not saved: ${refusalWords(state, unit)}` : STATE_TEXT[state.kind]) : '')}
        </span>
        {details.rpe === null ? null : <span data-testid="set-rpe">RPE {details.rpe}</span>}
        {last ? <span data-testid="set-last">{last}</span> : null}
      </div>
      {details.note && !open ? (
        <span class="set-note" data-testid="set-note">
          “{details.note}”
        </span>
      ) : null}
      {open ? (
        <div class="set-details" data-testid="set-details">
          <fieldset class="kind-choice">
            <legend>Kind of {name}</legend>
            {SET_KINDS.map((kind) => (
              <label key={kind}>
                <input type="radio" name={`kind-${name}`} checked={details.kind === kind} onChange={() => choose({ ...details, kind })} />
                {KIND_CHOICE[kind]}
              </label>
            ))}
          </fieldset>
          <p class="hint">A warm-up counts in no record, estimate or volume.</p>
          <div class="field">
            <label for={`rpe-${name}`}>RPE of {name}</label>
            <select
              id={`rpe-${name}`}
              value={details.rpe === null ? '' : String(details.rpe)}
              onChange={(event) => choose({ ...details, rpe: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}
            >
              <option value="">None</option>
              {RPE_CHOICES.map((rpe) => (
                <option key={rpe} value={String(rpe)}>
                  {rpe}
                  {rpe === 10 ? ': nothing left' : rpe === 8 ? ': two reps left' : rpe === 6 ? ': easy' : ''}
                </option>
              ))}
            </select>
          </div>
          <form
            class="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              choose({ ...details, note: note.trim() });
              setNoteTyped(null);
            }}
          >
            <label for={`note-${name}`}>Note on {name}</label>
            <div class="inline-row">
              <input id={`note-${name}`} type="text" value={note} maxLength={SET_BOUNDS.setNote} onInput={(event) => setNoteTyped(event.currentTarget.value)} />
              <button type="submit" disabled={note.trim() === details.note}>
                {onDetails ? 'Save set note' : 'Keep for the tick'}
              </button>
            </div>
          </form>
        </div>
      ) : null}
    </li>
  );
}
