// Answers in the sample questionnaire, one of each kind its definition asks, saved as its page saves
// them. A questionnaire is shared by everyone with the link and has no login: one that already has
// answers (an earlier run's, or a person's) is left as it is.
import { SAMPLE_FORM } from '../ui/addresses.ts';
import type { SeedOutcome } from './accounts.ts';
import { type ServiceAddress, serviceClient } from './http.ts';

type Question = { id: string; t: string; o?: string[] | { rows: string[]; columns: string[] } };

export type FormsDemo = SeedOutcome & { readonly form: string };

export async function seedForms(address: ServiceAddress): Promise<FormsDemo> {
  const forms = serviceClient(address);
  const base = `/api/forms/${SAMPLE_FORM}`;
  const outcome = (state: SeedOutcome['state']): FormsDemo => ({ app: 'forms', state, login: null, password: null, form: SAMPLE_FORM });
  const current = await forms.send<{ version: number }>('GET', base);
  if (current.version > 0) return outcome('already there');
  const { questions } = await forms.send<{ questions: Question[] }>('GET', `${base}/questions`);
  const answers: Record<string, unknown> = {};
  for (const question of questions) {
    const options = question.o;
    if (question.t === 'one' && Array.isArray(options)) answers[question.id] = options[0];
    else if (question.t === 'many' && Array.isArray(options)) answers[question.id] = options.slice(0, 2);
    else if (question.t === 'short') answers[question.id] = 'Thursday evenings';
    else if (question.t === 'long') answers[question.id] = 'More doubles nights, and a beginners’ hour before the club night starts.';
    else if (question.t === 'grid' && options && !Array.isArray(options)) {
      answers[question.id] = Object.fromEntries(options.rows.map((row, index) => [row, options.columns[index % options.columns.length]]));
    }
  }
  const firstId = questions[0]?.id;
  await forms.send('POST', base, { respondent: 'Sam Rivera', answers, notes: firstId ? { [firstId]: 'Asked the others too.' } : {}, summary: 'Keen to keep Thursdays.' });
  return outcome('added');
}
