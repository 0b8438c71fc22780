import type { Slot } from '../gym-api.ts';
import type { Unit } from '../model.ts';
import { type SetDetails, SetRow } from './set-row.tsx';
import { type ExerciseRows, lastSetText, type PastWorkout, type Row, type RowState, slotTarget } from './workout-rows.ts';

function rowState(row: Row, state: RowState | undefined): RowState | null {
  if (state) return state;
  if (row.source === 'logged') return { kind: 'saved' };
  return null;
}

/** One exercise of the workout: its plan slot's target, a row per set, and a row more on request. */
export function ExerciseSets({
  exercise,
  extraRows,
  slot,
  past,
  states,
  unit,
  onTick,
  onDetails,
  onDelete,
  onAddRow,
}: {
  readonly exercise: ExerciseRows;
  /** the rows asked for beyond the exercise's own, each suggesting the numbers of the one above */
  readonly extraRows: number;
  readonly slot: Slot | undefined;
  /** the last time of the exercise, null when there is none */
  readonly past: PastWorkout | null;
  /** the state of each set waiting to be sent, by `exerciseId:setNumber` */
  readonly states: ReadonlyMap<string, RowState>;
  readonly unit: Unit;
  readonly onTick: (setNumber: number, kg: number, reps: number, details: SetDetails) => void;
  readonly onDetails: (row: Row, details: SetDetails) => void;
  readonly onDelete: (row: Row) => void;
  readonly onAddRow: () => void;
}) {
  const rows = [...exercise.rows];
  for (let index = 0; index < extraRows; index++) {
    const last = rows.at(-1);
    rows.push({ setNumber: (last?.setNumber ?? 0) + 1, kg: last?.kg ?? null, reps: last?.reps ?? null, rpe: null, kind: 'normal', note: '', setId: null, source: 'planned' });
  }
  const lastOf = (setNumber: number): string | null => {
    const set = past?.sets.find((each) => each.setNumber === setNumber);
    return set ? lastSetText(set, unit) : null;
  };
  return (
    <section class="exercise" aria-label={exercise.name}>
      <h3>{exercise.name}</h3>
      {slot ? (
        <p class="hint" data-testid="slot-target">
          {slotTarget(slot)}
          {slot.note ? ` · ${slot.note}` : ''}
        </p>
      ) : null}
      <div class="set-head" aria-hidden="true">
        <span />
        <span>Set</span>
        <span>{unit}</span>
        <span>Reps</span>
      </div>
      <ol class="sets">
        {rows.map((row) => (
          <SetRow
            key={`${exercise.exerciseId}-${row.setNumber}`}
            exercise={exercise.name}
            row={row}
            unit={unit}
            state={rowState(row, states.get(`${exercise.exerciseId}:${row.setNumber}`))}
            last={lastOf(row.setNumber)}
            onTick={(kg, reps, details) => onTick(row.setNumber, kg, reps, details)}
            onDetails={row.source === 'planned' ? null : (details) => onDetails(row, details)}
            onDelete={row.source === 'planned' ? null : () => onDelete(row)}
          />
        ))}
      </ol>
      <button type="button" onClick={onAddRow}>
        Add a set of {exercise.name}
      </button>
    </section>
  );
}
