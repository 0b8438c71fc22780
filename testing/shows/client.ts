import type { HttpApp } from '../../infra/http/app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let lastAddress = 0;

/** Signs up a fresh shows user on `app` and returns a caller bound to its session cookie. */
export async function showsUser(app: HttpApp, email: string) {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { 'x-real-ip': `203.0.113.${++lastAddress % 250}` },
    payload: { email, password: 'a long enough password' },
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const sid = signup.cookies.find((cookie) => cookie.name === 'sid')?.value;
  if (!sid) throw new Error('no sid cookie');
  const id = (signup.json() as { id: string }).id;
  const call = (method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: `sid=${sid}` }, ...(payload ? { payload } : {}) });
  return { id, sid, call };
}
