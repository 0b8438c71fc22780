// Test support for the gym read side's reference check: each command of a sequence as the request it
// sends, the answer's status the spec calls for (with the id it must name, where one is known), and
// what it changes in the in-memory reference (model.ts). Written from spec 000, the routes'
// OpenAPI documents and docs/design.md, not from the product's code.
//
// One module per group of commands (steps/): exercises, plans, workouts, bodyweight and cardio.
import type { Account } from './model.ts';
import { bodyStep } from './steps/body.ts';
import { exerciseStep } from './steps/exercises.ts';
import { planStep } from './steps/plans.ts';
import type { Request, Step } from './steps/step.ts';
import { workoutStep } from './steps/workouts.ts';

export { type Answer, NOBODYS, type Request, type Step } from './steps/step.ts';

export function stepOf(accounts: readonly [Account, Account], command: Request): Step {
  switch (command.kind) {
    case 'settings':
    case 'create-exercise':
    case 'change-exercise':
    case 'delete-exercise':
    case 'merge-exercise':
      return exerciseStep(accounts, command);
    case 'create-plan':
    case 'edit-plan':
    case 'duplicate-plan':
    case 'delete-plan':
      return planStep(accounts, command);
    case 'start-workout':
    case 'change-workout':
    case 'delete-workout':
    case 'tick':
    case 'correct-set':
    case 'remove-set':
      return workoutStep(accounts, command);
    case 'record-bodyweight':
    case 'remove-bodyweight':
    case 'add-machine':
    case 'rename-machine':
    case 'remove-machine':
    case 'log-cardio':
    case 'change-cardio':
    case 'remove-cardio':
      return bodyStep(accounts, command);
  }
}
