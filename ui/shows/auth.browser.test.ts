// Signing up, logging out and in on a phone; the app asks GET /api/auth/me on every load to know
// whether it is signed in; the API's refusals are shown in its own words; axe in both themes.
import t from 'tap';
import { accessibilityInBothThemes, overflow, PASSWORD, signUp, signUpWithForm, smallTargets, startShowsBrowserSystem, tabTo } from '../testing/shows.ts';

const env = await startShowsBrowserSystem(t);

t.test('sign up, reload still signed in, log out, log in again', async (t) => {
  const page = await (await env.phoneOffline()).newPage();
  const meCalls: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/me') meCalls.push(response.status());
  });

  await page.goto(`${env.origin}/`);
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  t.same(meCalls, [401], 'a new visitor: the app asked /api/auth/me and was told 401');
  t.same(await accessibilityInBothThemes(page), [], 'login: no serious axe violation');
  t.same(await smallTargets(page), [], 'login: 44 px targets');

  await page.getByRole('link', { name: 'Create an account' }).click();
  t.equal(new URL(page.url()).pathname, '/signup');
  t.same(await accessibilityInBothThemes(page), [], 'signup: no serious axe violation');
  const email = await signUpWithForm(page, env.origin, 'kim');
  t.equal(new URL(page.url()).pathname, '/', 'signed up: the dashboard');
  await page.getByText('You track no shows yet.').waitFor();
  t.pass('an empty dashboard says so');
  t.same(await accessibilityInBothThemes(page), [], 'dashboard: no serious axe violation');
  t.same(await smallTargets(page), [], 'dashboard: 44 px targets');
  t.ok((await overflow(page)) <= 0, 'dashboard: no sideways scrolling at 390 px');

  meCalls.length = 0;
  await page.reload();
  await page.getByRole('heading', { name: 'Your shows' }).waitFor();
  t.same(meCalls, [200], 'on reload the app asks /api/auth/me and stays signed in');

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  t.equal(new URL(page.url()).pathname, '/login');
  meCalls.length = 0;
  await page.goto(`${env.origin}/history`);
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  t.same(meCalls, [401], 'logged out for real: the session is gone on the server');

  // by keyboard alone
  await tabTo(page, 'Email');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not the password at all');
  await page.keyboard.press('Enter');
  await page.getByRole('alert').waitFor();
  t.equal(await page.getByRole('alert').textContent(), 'Wrong email or password', "a refusal: the API's own message");

  await page.getByLabel('Password').fill('');
  await tabTo(page, 'Password');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'History' }).waitFor();
  t.equal(new URL(page.url()).pathname, '/history', 'logging in opens the page that asked for it');
});

t.test('a taken email is refused with the API message and the form stays', async (t) => {
  const page = await (await env.phoneOffline()).newPage();
  const email = await signUp(page, env.origin, 'taken');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  await page.goto(`${env.origin}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  t.equal(await page.getByRole('alert').textContent(), 'An account with that email exists');
  t.equal(new URL(page.url()).pathname, '/signup', 'still on the form');
});
