import { useState } from 'preact/hooks';
import type { SignedIn } from '../signed-in.ts';
import { messageOf } from '../../shared/messages.ts';
import { gymApi, type Plan } from '../gym-api.ts';
import { useLoad } from '../../shared/use-load.ts';
import { gymCopies } from '../copies.ts';
import { keep } from '../local.ts';
import { localDate } from '../model.ts';
import { planFromTemplate, type Template, TEMPLATES, templateExercises } from './templates.ts';
import { Outcome } from '../outcome.tsx';
import { exerciseNamed } from '../exercises/use-library.ts';

/** The plan a template becomes: its exercises found or created by name, then one ordinary plan. */
async function createFromTemplate(template: Template): Promise<Plan> {
  const ids = new Map<string, string>();
  // one after another: the server serialises a user's library writes anyway
  for (const name of templateExercises(template)) ids.set(name, (await exerciseNamed(name)).id);
  return gymApi.createPlan(planFromTemplate(template, ids, localDate(new Date())));
}

export function PlansScreen({ signedIn }: { readonly signedIn: SignedIn }) {
  const loaded = useLoad('plans', () => gymApi.plans(), { copies: gymCopies, keep: 'plans' });
  const plans = loaded.state.kind === 'ok' ? loaded.state.value : null;
  const [actionProblem, setProblem] = useState<string | null>(null);
  const problem = actionProblem ?? (loaded.state.kind === 'failed' || loaded.state.kind === 'not-kept' ? loaded.state.message : null);
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [newName, setNewName] = useState('');

  // after a change the list is asked again; a failure to list is the load's own to tell
  const load = () => gymApi.plans().then(loaded.set, () => loaded.reload());

  const run = async (what: string, action: () => Promise<string>) => {
    setBusy(what);
    setProblem(null);
    setDone(null);
    try {
      setDone(await action());
      await load();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section class="stack" aria-labelledby="plans-heading">
      <h2 id="plans-heading">Plans</h2>
      <Outcome problem={problem} done={done} />
      {plans === null ? (
        <p>Loading your plans…</p>
      ) : plans.length === 0 ? (
        <p>No plan yet: start from one of the programmes below.</p>
      ) : (
        <ul class="plain-list">
          {plans.map((plan) => (
            <li key={plan.id} class="card" data-testid="plan">
              <p class="card-title">
                {plan.name} {plan.active ? <span class="tag">Active</span> : null}
              </p>
              <p class="hint">
                From {plan.startDate} · {plan.days.length} {plan.days.length === 1 ? 'day' : 'days'}: {plan.days.map((day) => day.title ?? `Day ${day.ordinal}`).join(', ')}
              </p>
              <div class="actions">
                <button type="button" disabled={busy !== null} onClick={() => signedIn.navigate(`/plans/${plan.id}`)}>
                  Edit {plan.name}
                </button>
                {plan.active ? null : (
                  <button type="button" disabled={busy !== null} onClick={() => void run('activate', async () => (await gymApi.activatePlan(plan.id), `${plan.name} is now the active plan.`))}>
                    Make {plan.name} active
                  </button>
                )}
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => void run('duplicate', async () => `${(await gymApi.duplicatePlan(plan.id, localDate(new Date()))).name} starts today as the next block.`)}
                >
                  Copy {plan.name} as the next block
                </button>
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => {
                    if (confirm(`Delete the plan ${plan.name}? Workouts you logged with it stay.`)) void run('delete', async () => (await gymApi.deletePlan(plan.id), `${plan.name} is deleted; its workouts stay.`));
                  }}
                >
                  Delete {plan.name}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        class="inline-form section"
        onSubmit={(event) => {
          event.preventDefault();
          void run('create', async () => {
            const plan = await gymApi.createPlan({ name: newName, startDate: localDate(new Date()), days: [] });
            setNewName('');
            keep('home', null);
            signedIn.navigate(`/plans/${plan.id}`);
            return `${plan.name} is your active plan: add its days.`;
          });
        }}
      >
        <label for="new-plan-name">A new plan of your own (it becomes the active plan)</label>
        <div class="inline-row">
          <input id="new-plan-name" type="text" required maxLength={100} value={newName} onInput={(event) => setNewName(event.currentTarget.value)} />
          <button type="submit" disabled={busy !== null}>
            Create the plan
          </button>
        </div>
      </form>
      <h3>Start from a programme</h3>
      <p class="hint">One tap makes the plan and its exercises and makes it the active plan; edit it afterwards as you like.</p>
      <ul class="plain-list">
        {TEMPLATES.map((template) => (
          <li key={template.id} class="card">
            <p class="card-title">{template.name}</p>
            <p class="hint">{template.summary}</p>
            <p class="hint">{template.days.map((day) => `${day.title}: ${day.slots.map((slot) => `${slot.exercise} ${slot.sets}×${slot.repMin === slot.repMax ? slot.repMin : `${slot.repMin}–${slot.repMax}`}`).join(', ')}`).join(' · ')}</p>
            <button
              type="button"
              class="primary"
              disabled={busy !== null}
              onClick={() =>
                void run(template.id, async () => {
                  const plan = await createFromTemplate(template);
                  keep('home', null);
                  signedIn.navigate('/');
                  return `${plan.name} is your active plan.`;
                })
              }
            >
              {busy === template.id ? 'Making the plan…' : `Use ${template.name}`}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
