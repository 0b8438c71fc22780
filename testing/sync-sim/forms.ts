// The shared questionnaire in the sync simulation: each device is a page running the form's pure
// model (ui/forms/model.ts: edit, receive, saved, pending, patchOf) the way ui/forms/sync.ts runs it
// (one save at a time, only the changed fields, the same saveId for every try of the same changes,
// the text bases; IndexedDB keeps the last confirmed copy and the unsent changes; the saveId lives in
// memory), against the real forms service. Pages type words into two text questions and choose in a
// choice question. After the heal: every page shows the server's answers; no save was recorded twice
// (one form-patched event per saveId); every word a page typed and saw saved is in the final text
// unless that page took it out later (both people's words survive); the choice is the last save's,
// and a page whose confirmed choice was replaced shows "changed elsewhere" on that question.
import type { TestSystem } from '../harness.ts';
import { formStream } from '../../domain/forms/form.ts';
import { TEST_QUESTIONNAIRE } from '../forms/questionnaire.ts';
import { basesOf, edit, emptyState, type Fields, type FormDocument, type Outgoing, outgoingFor, patchOf, pending, receive, sameFields, sameValue, saved, type SyncState, textFieldsOf, type Value } from '../../ui/forms/model.ts';
import { randomBelow, type Random, type SimAnswer, type SimDevice, type SimRequest, type SimScenario, type SimServer } from './run.ts';

const TEXTS = ['a:q0', 'a:q1'] as const;
const CHOICE = 'a:colour';
const COLOURS = ['red', 'green', 'blue'] as const;
const isText = textFieldsOf(TEST_QUESTIONNAIRE.questions);
const ORIGIN = 'http://localhost:3004';

/** ui/forms/sync.ts's check of an answer (that module is the browser runner, so it is not imported here) */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFormDocument = (value: unknown): value is FormDocument =>
  isRecord(value) && typeof value['version'] === 'number' && isRecord(value['answers']) && isRecord(value['notes']) && typeof value['respondent'] === 'string' && typeof value['summary'] === 'string';

type Kept = { readonly document: FormDocument; readonly unsent: Fields };
type Sent = SimRequest & { readonly sent: Fields };

type FormsDevice = SimDevice & {
  /** per text question, the words this page typed and saw saved, and those it took out since */
  readonly confirmedWords: ReadonlyMap<string, Set<string>>;
  readonly removedWords: ReadonlySet<string>;
  /** this page's last choice, once saved, and whether the page was told someone else changed it since */
  choice(): { readonly value: string | null; readonly confirmed: boolean; readonly told: boolean };
  state(): SyncState;
};

const words = (value: Value | undefined): string[] => (typeof value === 'string' ? value.split(/\s+/).filter((word) => word.length > 0) : []);
const fieldText = (fields: Fields): string => [...TEXTS, CHOICE].map((key) => `${key}=${JSON.stringify(fields[key] ?? '')}`).join(' ');

function formsDevice(name: string, name_: string): FormsDevice {
  const letter = name.slice(-1);
  // IndexedDB: the last confirmed copy and the unsent changes (ui/forms/sync.ts `keep`)
  let kept: Kept | null = null;
  let state: SyncState = emptyState;
  let outgoing: Outgoing | null = null;
  let refused = false;
  let typed = 0;
  let saveIds = 0;
  const confirmedWords = new Map<string, Set<string>>(TEXTS.map((key) => [key, new Set<string>()]));
  const removedWords = new Set<string>();
  let choice: { value: string | null; confirmed: boolean; told: boolean } = { value: null, confirmed: false, told: false };

  const saveIdOf = (fields: Fields): string => (outgoing = outgoingFor(outgoing, fields, () => `${name_}-${letter}-${++saveIds}`)).id;
  const keep = (): void => {
    const patch = patchOf(state.confirmed);
    kept = {
      document: { answers: patch.answers, notes: patch.notes, respondent: patch.respondent ?? '', summary: patch.summary ?? '', version: state.version, updatedAt: state.updatedAt },
      unsent: pending(state),
    };
  };
  const noticed = (): void => {
    if (state.changedElsewhere.has(CHOICE)) choice = { ...choice, told: true };
  };
  const load = (): void => {
    state = emptyState;
    outgoing = null;
    refused = false;
    if (kept) {
      state = receive(state, kept.document, null, isText);
      for (const [key, value] of Object.entries(kept.unsent)) state = edit(state, key, value, isText);
    }
  };

  return {
    name,
    confirmedWords,
    removedWords,
    choice: () => choice,
    state: () => state,
    async change(random: Random) {
      // a page shows the form once it has the server's copy (or the one it kept)
      if (state.version === 0 && !kept) return null;
      if (random() < 0.3) {
        const value = COLOURS[randomBelow(random, COLOURS.length)]!;
        state = edit(state, CHOICE, value, isText);
        choice = { value, confirmed: false, told: false };
        refused = false;
        keep();
        return `chooses ${value}`;
      }
      const key = TEXTS[randomBelow(random, TEXTS.length)]!;
      const shown = words(state.shown[key]);
      const own = shown.filter((word) => word.startsWith(letter));
      if (own.length > 0 && random() < 0.2) {
        const gone = own[randomBelow(random, own.length)]!;
        state = edit(state, key, shown.filter((word) => word !== gone).join(' '), isText);
        removedWords.add(gone);
        refused = false;
        keep();
        return `takes ${gone} out of ${key}`;
      }
      const word = `${letter}${++typed}w`;
      const text = typeof state.shown[key] === 'string' ? (state.shown[key] as string) : '';
      state = edit(state, key, text === '' ? word : `${text} ${word}`, isText);
      refused = false;
      keep();
      return `types ${word} in ${key}`;
    },
    nextRequest() {
      if (refused || state.dirty.size === 0) return null;
      const sent = pending(state);
      return { method: 'POST', url: `/api/forms/${name_}`, body: { ...patchOf(sent), saveId: saveIdOf(sent), bases: basesOf(state, sent, isText) }, sent } satisfies Sent;
    },
    async answered(request, answer) {
      const { sent } = request as Sent;
      if (answer.status === 200 && isFormDocument(answer.body)) {
        if (outgoing && sameFields(outgoing.fields, sent)) outgoing = null;
        state = saved(state, sent, answer.body, null, isText);
        for (const key of TEXTS) if (key in sent) for (const word of words(sent[key])) if (word.startsWith(letter)) confirmedWords.get(key)!.add(word);
        if (CHOICE in sent && sameValue(sent[CHOICE], choice.value ?? '')) choice = { ...choice, confirmed: true };
        noticed();
        keep();
      } else if (answer.status !== 429 && answer.status < 500) {
        // the server will refuse the same change again: it waits for the person's next change
        outgoing = null;
        refused = true;
      }
    },
    noAnswer() {},
    reload() {
      load();
    },
    async pull(server) {
      const answer = await server(this, { method: 'GET', url: `/api/forms/${name_}` });
      if (answer.status !== 200 || !isFormDocument(answer.body)) return;
      state = receive(state, answer.body, null, isText);
      noticed();
      keep();
    },
    unsent: () => state.dirty.size,
  };
}

/** The forms scenario: a form of its own per schedule, two or three pages, one client address per schedule. */
export function formsScenario(system: TestSystem): SimScenario {
  const app = system.apps.forms;
  if (!app) throw new Error('the forms service was not built');
  let address = '10.32.0.1';
  const server: SimServer = async (_device, request) => {
    const response = await app.inject({
      method: request.method,
      url: request.url,
      // writes must come from the service's own origin; each schedule writes from its own address (600 saves per 10 minutes)
      headers: { origin: ORIGIN, 'x-real-ip': address },
      ...(request.body === undefined ? {} : { payload: request.body as object }),
    });
    return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as unknown) : undefined } satisfies SimAnswer;
  };
  return {
    name: 'forms',
    server,
    async schedule(random, index) {
      const name = `sim-${index}`;
      address = `10.32.${(index >> 8) & 255}.${index & 255}`;
      await system.defineForm(name);
      const devices = Array.from({ length: 2 + randomBelow(random, 2) }, (_, each) => formsDevice(`page ${'ABC'[each]}`, name));
      // each page opens the form: the server's copy first
      for (const device of devices) await device.pull(server, 0);
      return {
        devices,
        async check(server: SimServer) {
          const problems: string[] = [];
          const read = await server(devices[0]!, { method: 'GET', url: `/api/forms/${name}` });
          if (read.status !== 200 || !isFormDocument(read.body)) return [`the server's copy could not be read: ${read.status}`];
          const onServer = receive(emptyState, read.body, null, isText).shown;
          for (const device of devices) {
            const shown = device.state().shown;
            if (![...TEXTS, CHOICE].every((key) => sameValue(shown[key], onServer[key]))) problems.push(`${device.name} shows ${fieldText(shown)} but the server holds ${fieldText(onServer)}`);
          }
          // no save recorded twice: one event per saveId, and the version counts the events
          const events = (await system.core.store.readStream(formStream(name))).filter((event) => event.type === 'form-patched');
          const perId = new Map<string, number>();
          for (const event of events) {
            const id = (event.data as { saveId?: string }).saveId ?? '(none)';
            perId.set(id, (perId.get(id) ?? 0) + 1);
          }
          for (const [id, count] of perId) if (count > 1) problems.push(`the save ${id} was recorded ${count} times`);
          if (read.body.version !== events.length) problems.push(`the form is at version ${read.body.version} after ${events.length} saves`);
          // both people's words survive
          for (const device of devices) {
            for (const [key, typed] of device.confirmedWords) {
              const final = new Set(words(onServer[key]));
              const lost = [...typed].filter((word) => !final.has(word) && !device.removedWords.has(word));
              if (lost.length > 0) problems.push(`${device.name} typed ${lost.join(', ')} in ${key} and saw it saved; the final text ${JSON.stringify(onServer[key] ?? '')} lacks it`);
            }
          }
          // a choice: the last save wins, and a page whose saved choice was replaced is told
          const last = events.filter((event) => CHOICE.slice(2) in ((event.data as { answers?: object }).answers ?? {})).at(-1);
          const lastValue = last ? (last.data as { answers: Record<string, Value> }).answers[CHOICE.slice(2)] : undefined;
          if (!sameValue(lastValue, onServer[CHOICE])) problems.push(`the choice is ${JSON.stringify(onServer[CHOICE])}, the last save chose ${JSON.stringify(lastValue)}`);
          for (const device of devices) {
            const choice = device.choice();
            if (choice.confirmed && !sameValue(choice.value ?? '', onServer[CHOICE]) && !choice.told)
              problems.push(`${device.name} chose ${choice.value} and saw it saved; it is ${JSON.stringify(onServer[CHOICE])} now and the page does not say it changed elsewhere`);
          }
          return problems;
        },
      };
    },
  };
}
