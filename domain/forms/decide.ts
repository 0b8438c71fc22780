import { assertNever, DomainError } from '../shared/events.ts';
import { type Answers, type FormEvent, type FormState, MAX_PATCH_KEYS } from './form.ts';

export type PatchForm = {
  readonly type: 'patch-form';
  readonly answers: Answers;
  readonly notes: Answers;
  readonly respondent?: string | undefined;
  readonly summary?: string | undefined;
  readonly now: string;
};

export type FormCommand = PatchForm;

/** Every save is recorded, even one that changes nothing: the version counts saves (rule 3). */
export function patchForm(command: PatchForm, _state: FormState): FormEvent[] {
  const keys = Object.keys(command.answers).length + Object.keys(command.notes).length;
  if (keys > MAX_PATCH_KEYS) {
    throw new DomainError('PATCH_TOO_LARGE', `a patch holds at most ${MAX_PATCH_KEYS} keys, this one ${keys}`);
  }
  return [
    {
      type: 'form-patched',
      data: {
        answers: command.answers,
        notes: command.notes,
        ...(command.respondent !== undefined ? { respondent: command.respondent } : {}),
        ...(command.summary !== undefined ? { summary: command.summary } : {}),
        patchedAt: command.now,
      },
    },
  ];
}

export function decideForm(command: FormCommand, state: FormState): FormEvent[] {
  switch (command.type) {
    case 'patch-form':
      return patchForm(command, state);
    default:
      return assertNever(command.type);
  }
}
