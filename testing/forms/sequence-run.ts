// Test support for the forms read side's reference check (query-api/forms/*.reference.int.test.ts):
// a sequence of saves run through the real routes of a test system, every GET route asked after each
// step and its answer compared with the reference (./reference.ts), which folds the same saves with
// plain code written from spec 002 Part B; and what the sequences of a file met and compared.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import type { Test } from 'tap';
import { comparePositions, formatPosition, parsePosition, type Position } from '../../infra/eventstore/port.ts';
import { LOG_POSITION_HEADER } from '../../command-api/shared/read-your-writes.ts';
import { startTestSystem } from '../harness.ts';
import { formsProjection } from '../../projections/forms/form-documents/projector.ts';
import { rebuildProjection } from '../../projections/runtime/rebuild.ts';
import { canonical, documentAnswer, NEVER_SAVED, type Outcome, type Patch, questionsAnswer, save, type Shared } from './reference.ts';
import { patchOf, type Sequence, sequence, type Target } from './sequences.ts';

const ORIGIN = 'http://localhost:3004';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * `npm test`'s seed: the last test asserts that the sequences met every outcome of a save, which a
 * random hundred may not (a document past 10 KB needs several long answers to one form)
 */
export const NPM_TEST_SEED = 35;

const outcomeKind = (outcome: Outcome): string =>
  outcome.status !== 200 ? `${outcome.status} ${outcome.code}` : outcome.stored ? '200 saved' : '200 bot trap, nothing saved';
/** the latest position a save answered with: where the log's head is, since only this file appends */

class Mismatch extends Error {}

function expectSame(what: string, actual: unknown, expected: unknown): void {
  const [got, want] = [canonical(actual), canonical(expected)];
  if (got !== want) throw new Mismatch(`${what}\n  answered:  ${got}\n  reference: ${want}`);
}

/** What the save answered against what the reference says it answers: true when they agree. */
function agrees(outcome: Outcome, answer: { status: number; body: unknown }, name: string): boolean {
  if (outcome.status !== answer.status) return false;
  if (outcome.status !== 200) return (answer.body as { code?: string }).code === outcome.code;
  return canonical(answer.body) === canonical(documentAnswer(name, outcome.after));
}

const describeOutcome = (outcome: Outcome, name: string): string =>
  outcome.status === 200 ? `200 ${canonical(documentAnswer(name, outcome.after))}` : `${outcome.status} ${outcome.code}`;

export async function startFormsReadCheck(t: Test) {
  const system = await startTestSystem(t);
  const app = system.apps.forms!;


  /** the GET routes (OpenAPI paths) the check asked and compared */
  const compared = new Set<string>();
  /** each form's final reference, for the check after the last rebuild */
  const finals: Array<{ readonly name: string; readonly shared: Shared; readonly sent: readonly string[] }> = [];
  let runs = 0;
  /** how often each outcome the reference knows was met, so that the check shows it covered them */
  const met = new Map<string, number>();
  const meet = (what: string): void => void met.set(what, (met.get(what) ?? 0) + 1);
  /** the latest position a save answered with: where the log's head is, since only this file appends */
  let lastPosition: Position | null = null;

  async function get(route: string, url: string): Promise<{ status: number; body: unknown }> {
    compared.add(route);
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  }

  async function post(name: string, patch: Patch, ip: string): Promise<{ status: number; body: { code?: string; updatedAt?: string } }> {
    const response = await app.inject({
      method: 'POST',
      url: `/api/forms/${name}`,
      headers: { origin: ORIGIN, 'x-real-ip': ip },
      payload: patch as Record<string, unknown>,
    });
    const position = response.headers[LOG_POSITION_HEADER];
    if (typeof position === 'string') {
      const at = parsePosition(position);
      if (!lastPosition || comparePositions(at, lastPosition) > 0) lastPosition = at;
    }
    return { status: response.statusCode, body: response.json() };
  }

  const rebuild = () => rebuildProjection({ pool: system.core.db.slonik, store: system.core.store, projection: formsProjection, log: silent });

  async function runSequence(input: Sequence, options: { readonly rebuildBefore?: number } = {}): Promise<void> {
    const run = ++runs;
    const names = [`ref${run}-a`, `ref${run}-b`] as const;
    const ghost = `ref${run}-none`;
    const ip = `10.${(run >> 8) & 255}.${run & 255}.7`;
    for (const form of [0, 1] as const) await writeFile(path.join(system.formsDir, `${names[form]}.json`), JSON.stringify(input.forms[form]));
    const shared: [Shared, Shared] = [NEVER_SAVED, NEVER_SAVED];
    /** every save as it was sent, for the failure message */
    const sent: string[] = [];
    const send = (target: Target, patch: Patch) => {
      const name = target === 'ghost' ? ghost : names[target];
      sent.push(`POST /api/forms/${name} ${JSON.stringify(patch)}`);
      return post(name, patch, ip);
    };

    const readAll = async (when: string, questions: boolean): Promise<void> => {
      for (const form of [0, 1] as const) {
        const document = await get('/api/forms/{name}', `/api/forms/${names[form]}`);
        expectSame(`${when}: GET /api/forms/${names[form]}`, document, { status: 200, body: documentAnswer(names[form], shared[form]) });
        if (questions) {
          const asked = await get('/api/forms/{name}/questions', `/api/forms/${names[form]}/questions`);
          expectSame(`${when}: GET /api/forms/${names[form]}/questions`, asked, { status: 200, body: questionsAnswer(names[form], input.forms[form]) });
        }
      }
    };

    const steps = async (): Promise<void> => {
      await readAll('before any save', true);
      for (const [index, step] of input.steps.entries()) {
        const when = `after step ${index + 1} (${step.kind})`;
        if (options.rebuildBefore === index) {
          await rebuild();
          sent.push('(the forms projection rebuilt)');
          await readAll(`after the rebuild before step ${index + 1}`, false);
        }
        if (step.kind === 'save') {
          // a name without a questionnaire is sent what the first form would be
          const definition = step.form === 'ghost' ? null : input.forms[step.form];
          const patch = patchOf(definition ?? input.forms[0], step.patch);
          const answer = await send(step.form, patch);
          const outcome = save(definition, step.form === 'ghost' ? NEVER_SAVED : shared[step.form], patch, String(answer.body.updatedAt));
          const name = step.form === 'ghost' ? ghost : names[step.form];
          if (!agrees(outcome, answer, name)) {
            throw new Mismatch(`${when}: POST /api/forms/${name}\n  answered:  ${answer.status} ${canonical(answer.body)}\n  reference: ${describeOutcome(outcome, name)}`);
          }
          meet(outcomeKind(outcome));
          if (outcome.status === 200 && step.form !== 'ghost') shared[step.form] = outcome.after;
        } else {
          const saves = step.saves.map(({ form, patch }) => ({ form, patch: patchOf(input.forms[form], patch) }));
          sent.push('(the next two at once)');
          const answers = await Promise.all(saves.map(({ form, patch }) => send(form, patch)));
          // the server decides which of the two goes first; the reference takes whichever order explains both answers
          const explained = [[0, 1], [1, 0]].map((order) => {
            const next: [Shared, Shared] = [shared[0], shared[1]];
            const outcomes: Outcome[] = [];
            for (const i of order) {
              const { form, patch } = saves[i]!;
              const outcome = save(input.forms[form], next[form], patch, String(answers[i]!.body.updatedAt));
              outcomes[i] = outcome;
              if (outcome.status === 200) next[form] = outcome.after;
            }
            return { next, outcomes, fits: outcomes.every((outcome, i) => agrees(outcome, answers[i]!, names[saves[i]!.form])) };
          });
          const fit = explained.find((candidate) => candidate.fits);
          if (!fit) {
            const told = answers.map((answer, i) => `${i + 1}: ${answer.status} ${canonical(answer.body)}`).join('\n    ');
            const orders = explained
              .map((candidate, o) => `order ${o === 0 ? '1, 2' : '2, 1'}: ${candidate.outcomes.map((outcome, i) => describeOutcome(outcome, names[saves[i]!.form])).join(' | ')}`)
              .join('\n    ');
            throw new Mismatch(`${when}: two saves at once\n  answered:\n    ${told}\n  reference, in either order:\n    ${orders}`);
          }
          [shared[0], shared[1]] = fit.next;
          for (const outcome of fit.outcomes) meet(outcomeKind(outcome));
          if (saves[0]!.form === saves[1]!.form && fit.outcomes.every((outcome) => outcome.status === 200 && outcome.stored)) meet('two saves of one form at once, both saved');
        }
        await readAll(when, false);
      }

      await readAll('at the end', true);
      for (const [route, url] of [['/api/forms/{name}', `/api/forms/${ghost}`], ['/api/forms/{name}/questions', `/api/forms/${ghost}/questions`]] as const) {
        const answer = await get(route, url);
        expectSame(`a name without a questionnaire: GET ${url}`, [answer.status, (answer.body as { code?: string }).code], [404, 'FORM_NOT_FOUND']);
      }
      expectSame('GET /api/health', await get('/api/health', '/api/health'), { status: 200, body: { status: 'ok' } });
      const ready = await get('/api/health/ready', '/api/health/ready');
      if (lastPosition) {
        expectSame('GET /api/health/ready: caught up with the last save appended', ready, {
          status: 200,
          body: { status: 'ok', database: 'ok', projections: { forms: { state: 'caught-up', checkpoint: formatPosition(lastPosition) } } },
        });
      }
    };

    try {
      await steps();
    } catch (error) {
      if (!(error instanceof Mismatch)) throw error;
      throw new Mismatch(`${error.message}\nthe saves, as sent:\n  ${sent.join('\n  ')}`);
    }
    for (const form of [0, 1] as const) finals.push({ name: names[form], shared: shared[form], sent: sent.filter((line) => line.includes(`/api/forms/${names[form]} `)) });
  }
  /** fast-check keeps the shortest failing sequence and prints it; the mismatch says where it shows. */
  const property = (maxSteps: number, rebuilding: boolean) =>
    fc.asyncProperty(sequence(maxSteps), fc.nat(), async (input, at) => {
      await runSequence(input, rebuilding ? { rebuildBefore: at % input.steps.length } : {});
    });

  return { app, compared, finals, met, rebuild, get, property };
}
