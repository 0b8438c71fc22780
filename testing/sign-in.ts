// How every test signs a person in, as the services' own routes do: gym and shows sign a new account
// up (POST /api/auth/signup with an email and a password), the club logs in a login the operator's
// command line made (it has no sign-up). Against an app built in this process (`app.inject`) or a
// service listening at a base URL (`fetch`: browser and spawned-process tests); the session comes
// back as the Cookie header that sends it.
import type { Accounts } from '../infra/accounts/accounts.ts';
import type { HttpApp } from '../infra/http/app.ts';
import { CLUB_COOKIE } from '../ops/services/club.ts';
import { GYM_COOKIE } from '../ops/services/gym.ts';
import { SHOWS_COOKIE } from '../ops/services/shows.ts';

export type AccountService = 'gym' | 'shows' | 'club';

/** Each service's session cookie. */
export const SESSION_COOKIE: Readonly<Record<AccountService, string>> = { gym: GYM_COOKIE, shows: SHOWS_COOKIE, club: CLUB_COOKIE };

/** A service built in this process, or the base URL of one listening (`http://127.0.0.1:4100`). */
export type Service = HttpApp | string;

/** An account as a sign-up or a login answers it. */
export type Account = { readonly id: string } & Readonly<Record<string, unknown>>;
/** A gym or shows account as its sign-up answers it. */
export type SignedUpAccount = Account & { readonly email: string; readonly createdAt: string };

/** A session's cookie: the Cookie request header that sends it back (`gym_sid=…`), and its name and value apart, as a browser context takes them. */
export type SessionCookie = { readonly cookie: string; readonly name: string; readonly sid: string };

export type Session = SessionCookie & { readonly account: Account };

/** The password of the accounts made here unless a test picks one. */
export const TEST_PASSWORD = 'a long enough password';

let lastAddress = 0;
/**
 * An address no other caller of this process has, so that per-address limits (ten sign-ups an hour)
 * stay out of a test's way. From 198.18.0.0/15, the range kept for tests: 131,072 of them.
 */
export const newAddress = (): string => {
  const n = ++lastAddress;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
};

let lastEmail = 0;
const newEmail = (): string => `person-${++lastEmail}-${process.pid}@example.org`;

type Reply = { readonly status: number; readonly body: string; readonly cookies: ReadonlyArray<{ readonly name: string; readonly value: string }> };

async function post(service: Service, url: string, payload: object, ip: string): Promise<Reply> {
  if (typeof service !== 'string') {
    const res = await service.inject({ method: 'POST', url, headers: { 'x-real-ip': ip }, payload });
    return { status: res.statusCode, body: res.body, cookies: res.cookies };
  }
  const res = await fetch(new URL(url, service), { method: 'POST', headers: { 'content-type': 'application/json', 'x-real-ip': ip }, body: JSON.stringify(payload) });
  const cookies = res.headers.getSetCookie().map((line) => {
    const pair = line.split(';')[0] ?? '';
    return { name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) };
  });
  return { status: res.status, body: await res.text(), cookies };
}

const sidIn = (kind: AccountService, reply: Pick<Reply, 'cookies'>): string | undefined => reply.cookies.find((cookie) => cookie.name === SESSION_COOKIE[kind])?.value;

/** The Cookie header that sends back the session an answer of a `kind` service set; throws when it set none. */
export function sessionCookieOf(kind: AccountService, reply: Pick<Reply, 'cookies'>): string {
  const sid = sidIn(kind, reply);
  if (!sid) throw new Error(`no ${SESSION_COOKIE[kind]} cookie was set`);
  return `${SESSION_COOKIE[kind]}=${sid}`;
}

async function sessionFrom(kind: AccountService, service: Service, url: string, payload: object, ip: string): Promise<Session> {
  const reply = await post(service, url, payload, ip);
  const sid = sidIn(kind, reply);
  if (reply.status >= 300 || !sid) throw new Error(`${kind} ${url} ${JSON.stringify(payload)}: ${reply.status} ${reply.body}`);
  const name = SESSION_COOKIE[kind];
  return { cookie: `${name}=${sid}`, name, sid, account: JSON.parse(reply.body) as Account };
}

export type NewPerson = {
  /** unless given, one no other sign-up of this process used */
  readonly email?: string;
  readonly password?: string;
  /** unless given, an address of its own */
  readonly ip?: string;
  /** more of the sign-up's body (an invite code) */
  readonly extra?: object;
};

/** A new gym or shows account, signed up; its email and password with its session. */
export async function signUp(
  kind: 'gym' | 'shows',
  service: Service,
  person: NewPerson = {},
): Promise<Session & { readonly account: SignedUpAccount; readonly email: string; readonly password: string }> {
  const { email = newEmail(), password = TEST_PASSWORD, ip = newAddress(), extra = {} } = person;
  const session = await sessionFrom(kind, service, '/api/auth/signup', { email, password, ...extra }, ip);
  // both services answer a sign-up with the account's id, email and createdAt
  return { ...session, account: session.account as SignedUpAccount, email, password };
}

export type Credentials<K extends AccountService> = K extends 'club' ? { readonly username: string; readonly password: string } : { readonly email: string; readonly password: string };

/** An account there is, logged in again: gym and shows by email, the club by username. */
export function logIn<K extends AccountService>(kind: K, service: Service, credentials: Credentials<K>, ip = newAddress()): Promise<Session> {
  return sessionFrom(kind, service, '/api/auth/login', credentials, ip);
}

/** A club login made as the operator's command line makes one, then logged in. */
export async function newClubLogin(
  accounts: Pick<Accounts, 'create'>,
  service: Service,
  username: string,
  options: { readonly password?: string; readonly canChangePassword?: boolean } = {},
): Promise<Session> {
  const { password = TEST_PASSWORD, canChangePassword = false } = options;
  await accounts.create('club', username, password, { canChangePassword });
  return logIn('club', service, { username, password });
}
