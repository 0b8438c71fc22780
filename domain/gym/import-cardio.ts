// The cardio and timed rows of an import (issue 33) as the library's own commands: the machine named
// after the exercise (any case) or a new one, then the session logged under an id the file names, so
// a second import of the file finds each session there and, with the same values, writes nothing.
import { decideLibrary, type LibraryCommand } from './library-decide.ts';
import { evolveLibrary, type LibraryEvent, type LibraryState, sameName } from './library.ts';

export type CardioImportStatus = 'new' | 'unchanged' | 'changed';

export type CardioToImport = {
  /** from importedCardioIdKey: the same row of the same file is always the same session */
  readonly id: string;
  /** the exercise as the file spells it: the machine's name */
  readonly machine: string;
  readonly date: string;
  readonly minutes: number;
  readonly distanceKm: number | null;
};

export type CardioImportDecision = {
  readonly events: readonly LibraryEvent[];
  /** per session, in order: what happens to it and the name of the machine it is on */
  readonly outcomes: ReadonlyArray<{ readonly status: CardioImportStatus; readonly machine: string }>;
  /** machines added, as first spelled */
  readonly machinesCreated: readonly string[];
};

/**
 * The key of a cardio session imported from a row of another tracker's export: the file's workout
 * (its name and start as written), the exercise in any case, and the row's place among that
 * exercise's rows of the workout. Its own namespace keeps it apart from every other name-based id.
 */
export function importedCardioIdKey(userId: string, workoutName: string, start: string, exercise: string, order: number): string {
  return `gym-imported-cardio\u0000${userId}\u0000${workoutName}\u0000${start}\u0000${exercise.trim().toLocaleLowerCase('en')}\u0000${order}`;
}

/**
 * The events that bring the library to the file's sessions. A session already there keeps its
 * machine, calories and level (the person's to change; the file has no say on them) and is put back
 * to the file's date, minutes and distance where they differ.
 */
export function decideCardioImport(state: LibraryState, sessions: readonly CardioToImport[], newMachineId: () => string): CardioImportDecision {
  let folded = state;
  const events: LibraryEvent[] = [];
  const outcomes: Array<{ status: CardioImportStatus; machine: string }> = [];
  const machinesCreated: string[] = [];
  const apply = (command: LibraryCommand): number => {
    const decided = decideLibrary(command, folded);
    for (const event of decided) folded = evolveLibrary(folded, event);
    events.push(...decided);
    return decided.length;
  };

  for (const session of sessions) {
    const { id, date, minutes, distanceKm } = session;
    const logged = folded.cardioLogs[id];
    if (logged) {
      const changed = apply({ type: 'change-cardio-log', id, fields: { date, minutes, distanceKm } }) > 0;
      outcomes.push({ status: changed ? 'changed' : 'unchanged', machine: folded.machines[logged.machineId]?.name ?? session.machine });
      continue;
    }
    let machine = Object.values(folded.machines).find((each) => sameName(each.name, session.machine));
    if (!machine) {
      const machineId = newMachineId();
      apply({ type: 'add-machine', id: machineId, name: session.machine });
      machine = folded.machines[machineId]!;
      machinesCreated.push(machine.name);
    }
    apply({ type: 'log-cardio', id, fields: { machineId: machine.id, date, minutes, distanceKm, calories: null, level: null } });
    outcomes.push({ status: 'new', machine: machine.name });
  }
  return { events, outcomes, machinesCreated };
}
