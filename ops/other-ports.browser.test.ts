// Issue 38: `npm start` with other ports and no *_BASE_URL works in a browser. Each service's own
// origin follows its port, so a page's writes are not refused as cross-site, and start-up names the
// addresses the apps are really at. Run at a terminal (util-linux `script`) as a person runs it, it
// prints readable lines, not JSON, and ends with where each app is, the mode, the data and how to stop.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { SAMPLE_FORMS_DIR } from '../infra/config.ts';
import { freePort } from '../infra/postgres/free-port.ts';
import { tvmazeStandIn } from '../infra/tvmaze/recorded-server.ts';
import { launchBrowser, PHONE } from '../ui/testing/chromium.ts';
import { embeddedMainEnv, spawnMain, spawnMainAtTerminal, TERMINAL_AVAILABLE } from '../testing/main-process.ts';

const DEADLINE_MS = 60_000;
const tvmaze = await tvmazeStandIn(t);
const dataDir = await mkdtemp(path.join(tmpdir(), 'ledger-ports-'));
// as root the server runs as the `postgres` user, which must be able to enter the folder
await chmod(dataDir, 0o755);
t.teardown(() => rm(dataDir, { recursive: true, force: true }));

const ports = { gym: await freePort(), shows: await freePort(), club: await freePort(), forms: await freePort() };
const env = {
  ...embeddedMainEnv({ dataDir, pgPort: await freePort(), tvmazeUrl: tvmaze.url, formsDir: SAMPLE_FORMS_DIR }),
  GYM_PORT: String(ports.gym),
  SHOWS_PORT: String(ports.shows),
  CLUB_PORT: String(ports.club),
  FORMS_PORT: String(ports.forms),
  GYM_BASE_URL: undefined,
  SHOWS_BASE_URL: undefined,
  CLUB_BASE_URL: undefined,
  FORMS_BASE_URL: undefined,
};
const atTerminal = TERMINAL_AVAILABLE ? spawnMainAtTerminal(env) : null;
const main = atTerminal ?? spawnMain(env);
const stop = (signal: NodeJS.Signals) => (atTerminal ? atTerminal.stop(signal) : main.child.kill(signal));
t.teardown(async () => {
  if (main.child.exitCode === null) stop('SIGTERM');
  await main.exited;
});

/** What a terminal shows: its colours and carriage returns left out. */
const shown = (): string => main.out().replace(/\u001b\[[0-9;]*m/g, '').replaceAll('\r', '');

/** The addresses start-up tells a person to open, once all four are said: the closing block at a terminal, else the JSON log lines. */
async function advertised(): Promise<Record<string, string>> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const found = atTerminal
      ? [...shown().matchAll(/^ {2}(Gym log|Shows|Club nights|Questionnaire) +(http\S+)$/gm)].map(([, title, url]) => [title!, url!] as const)
      : main.out().split('\n').filter((line) => line.includes('"msg":"open the ')).map((line) => JSON.parse(line) as { app: string; url: string }).map(({ app, url }) => [app, url] as const);
    const names: Record<string, string> = { 'Gym log': 'gym', Shows: 'shows', 'Club nights': 'club', Questionnaire: 'forms' };
    if (found.length === 4) return Object.fromEntries(found.map(([app, url]) => [names[app] ?? app, url]));
    if (main.child.exitCode !== null || Date.now() > deadline) throw new Error(`no addresses: ${main.out().slice(-3000)} ${main.err()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

t.test('at a terminal, start-up reads as lines and ends by saying the mode, where the data is and how to stop', { skip: atTerminal ? false : 'no util-linux script to give npm start a terminal' }, async (t) => {
  await advertised();
  const lines = shown().split('\n');
  t.notOk(lines.some((line) => line.startsWith('{')), 'no JSON line');
  t.ok(lines.some((line) => /^\[\d\d:\d\d:\d\d\] INFO: service listening/.test(line)), 'log lines with their time and level');
  t.ok(lines.includes('Mode: test'), 'the mode');
  t.ok(lines.includes(`Data: ${dataDir} (embedded PostgreSQL)`), 'where the data lives');
  t.ok(lines.includes('Stop: Ctrl-C'), 'how to stop');
});

t.test('other ports, no *_BASE_URL: the log names them, and a sign-up in the browser goes through', async (t) => {
  const urls = await advertised();
  t.same(
    Object.keys(urls).sort().map((app) => new URL(urls[app]!).port),
    ['club', 'forms', 'gym', 'shows'].map((app) => String(ports[app as keyof typeof ports])),
    'each app is announced on the port it was given',
  );

  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await (await browser.newContext(PHONE)).newPage();
  await page.goto(`http://localhost:${ports.gym}/signup`);
  await page.getByLabel('Email').fill('ports@example.org');
  await page.getByLabel('Password').fill('a long password for ports');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
  t.pass('the sign-up was taken: its Origin is the gym service’s own');

  const save = await fetch(`http://localhost:${ports.forms}/api/forms/welcome`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${ports.forms}` },
    body: JSON.stringify({ answers: {} }),
  });
  t.equal(save.status, 200, 'a questionnaire save from its own page’s origin is taken too');
  const foreign = await fetch(`http://localhost:${ports.forms}/api/forms/welcome`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3004' },
    body: JSON.stringify({ answers: {} }),
  });
  t.equal(foreign.status, 403, 'while the usual port, another origin now, is refused');
  await browser.close();
  stop('SIGTERM');
  t.equal(await main.exited, 0, 'stopped cleanly', { output: shown().slice(-2000) });
});
