import type { HttpApp } from '../../infra/http/app.ts';
import { signUp } from '../sign-in.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Signs up a fresh shows user on `app` (password TEST_PASSWORD) and returns a caller bound to its session cookie. */
export async function showsUser(app: HttpApp, email: string) {
  const { account, sid, cookie } = await signUp('shows', app, { email });
  const call = (method: Method, url: string, payload?: object) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return { id: account.id, sid, cookie, call };
}
