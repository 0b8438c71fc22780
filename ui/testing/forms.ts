// What the questionnaire's browser tests share: a form of their own with the sample's questions,
// opening it on a phone, the server's copy, and a record of the page's saves.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { FormDefinition } from '../../domain/forms/definition.ts';
import type { FormDocument } from '../../domain/forms/form.ts';
import { SAMPLE_FORMS_DIR } from '../../infra/config.ts';
import type { BrowserSystem } from './browser.ts';

/** The sample questionnaire: it has a question of every type. */
export const WELCOME = JSON.parse(readFileSync(path.join(SAMPLE_FORMS_DIR, 'welcome.json'), 'utf8')) as FormDefinition;

/** The question of the sample with this id, by its label (what the page shows). */
export function label(id: string): string {
  const question = WELCOME.questions.find((each) => each.id === id);
  if (!question) throw new Error(`the sample has no question ${id}`);
  return question.q;
}

let forms = 0;
/** A form of its own for one test (every form is one shared answer set), with the sample's questions. */
export async function newForm(env: BrowserSystem, what: string): Promise<string> {
  const name = `${what}-${++forms}`;
  await env.system.defineForm(name, WELCOME);
  return name;
}

export const saveBadge = (page: Page) => page.getByTestId('save-state');

/** How often the page polls the shared copy (`POLL_MS` of ui/forms/sync.ts, which Node cannot load: it opens IndexedDB). */
export const PAGE_POLL_MS = 5_000;

/**
 * The page's next poll now rather than up to 5 s later: its clock jumps one poll interval ahead, so
 * the interval fires once (and a save waiting for its debounce goes too, as it would have by then).
 * The page of a `phoneOnClock` (ui/testing/browser.ts) only.
 */
export async function nextPoll(page: Page): Promise<void> {
  await page.clock.fastForward(PAGE_POLL_MS);
}

/** Opens the form on this phone and waits until the page holds the server's copy. */
export async function openForm(env: BrowserSystem, context: BrowserContext, name: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.origins.forms}/f/${name}`);
  await page.getByRole('heading', { level: 1, name: WELCOME.title }).waitFor();
  await saveBadge(page).getByText(/^Saved/).waitFor();
  return page;
}

/** The shared copy as the server holds it: read once the read side has every save in the log (a save answers before). */
export async function serverCopy(env: BrowserSystem, name: string): Promise<FormDocument> {
  const { core } = env.system;
  if (!(await core.progress.waitFor(['forms'], await core.store.headPosition(), 10_000))) throw new Error('the forms read side did not catch up in 10 s');
  const response = await env.system.apps.forms!.inject({ method: 'GET', url: `/api/forms/${name}` });
  if (response.statusCode !== 200) throw new Error(`GET /api/forms/${name}: ${response.statusCode} ${response.body}`);
  return response.json() as FormDocument;
}

/** Waits (up to 15 s) for the server's copy to pass `check`; the last copy seen tells what was missing. */
export async function untilServer(env: BrowserSystem, name: string, check: (copy: FormDocument) => boolean): Promise<FormDocument> {
  let copy = await serverCopy(env, name);
  for (const deadline = Date.now() + 15_000; !check(copy); copy = await serverCopy(env, name)) {
    if (Date.now() > deadline) throw new Error(`the server's copy never came: ${JSON.stringify(copy)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return copy;
}

/** A save of another phone, as its page would send it. */
export async function saveElsewhere(env: BrowserSystem, name: string, patch: object): Promise<FormDocument> {
  const response = await env.system.apps.forms!.inject({
    method: 'POST',
    url: `/api/forms/${name}`,
    headers: { origin: env.origins.forms, 'content-type': 'application/json' },
    payload: JSON.stringify(patch),
  });
  if (response.statusCode !== 200) throw new Error(`POST /api/forms/${name}: ${response.statusCode} ${response.body}`);
  return response.json() as FormDocument;
}

export type Traffic = {
  /** the bodies of the page's saves, in order, without their save ids and text bases */
  readonly posts: unknown[];
  /** the save id each of them carried */
  readonly saveIds: unknown[];
  /** when each GET of the shared copy left (Date.now() as the test saw it) */
  readonly gets: number[];
  /** the most saves that were ever on their way at once */
  readonly mostInFlight: () => number;
};

/** Records the page's requests for the form's shared copy from now on. */
export function watchTraffic(page: Page, name: string): Traffic {
  const posts: unknown[] = [];
  const saveIds: unknown[] = [];
  const gets: number[] = [];
  let inFlight = 0;
  let most = 0;
  const isCopy = (url: string) => new URL(url).pathname === `/api/forms/${name}`;
  page.on('request', (request) => {
    if (!isCopy(request.url())) return;
    if (request.method() === 'GET') gets.push(Date.now());
    if (request.method() !== 'POST') return;
    // what a save is for (its id, the texts it was made from) is asserted apart from what it changes
    const { saveId, bases: _bases, ...body } = request.postDataJSON() as Record<string, unknown>;
    posts.push(body);
    saveIds.push(saveId);
    most = Math.max(most, ++inFlight);
  });
  const done = (request: { url(): string; method(): string }) => {
    if (isCopy(request.url()) && request.method() === 'POST') inFlight--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return { posts, saveIds, gets, mostInFlight: () => most };
}

export type Gate = {
  /** resolves when a save is being held */
  readonly held: () => Promise<void>;
  /** lets the held saves (and every later one) through */
  readonly open: () => Promise<void>;
  /**
   * how many saves are held, once every save the page started before the call has reached the gate:
   * a read of the copy the page starts after them has come back
   */
  readonly count: () => Promise<number>;
};

/** Holds the page's saves before they leave the browser, until `open()`: a slow network made certain. */
export async function holdSaves(page: Page, name: string): Promise<Gate> {
  const waiting: Route[] = [];
  let opened = false;
  let onHeld: (() => void) | null = null;
  await page.route(
    (url) => url.pathname === `/api/forms/${name}`,
    async (route) => {
      if (opened || route.request().method() !== 'POST') return route.continue();
      waiting.push(route);
      onHeld?.();
    },
  );
  return {
    held: () => (waiting.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => (onHeld = resolve))),
    open: async () => {
      opened = true;
      await Promise.all(waiting.map((route) => route.continue()));
    },
    count: async () => {
      await page.evaluate((url) => fetch(url).then((response) => response.text()), `/api/forms/${name}`);
      return waiting.length;
    },
  };
}

/** The value of a text field or textarea. */
export const valueOf = (page: Page, fieldLabel: string) => page.getByLabel(fieldLabel, { exact: true }).inputValue();

/** Waits for a text field to show `value` (a poll brought it). */
export async function untilValue(page: Page, fieldLabel: string, value: string): Promise<void> {
  const field = await page.getByLabel(fieldLabel, { exact: true }).elementHandle();
  await page.waitForFunction(({ element, expected }) => (element as HTMLInputElement).value === expected, { element: field, expected: value }, { timeout: 15_000 });
}

/** Brings the page's next poll now (`nextPoll`) and waits for it to receive the server's copy at `version` or newer. */
export async function pollNowReaching(page: Page, name: string, version: number) {
  const polled = page.waitForResponse(
    async (response) =>
      new URL(response.url()).pathname === `/api/forms/${name}` &&
      response.request().method() === 'GET' &&
      ((await response.json()) as FormDocument).version >= version,
    { timeout: 15_000 },
  );
  await nextPoll(page);
  return polled;
}
