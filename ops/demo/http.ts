// How the demo reaches a service: over HTTP, as the app in a browser does. Every write carries the
// service's own Origin (the cross-site check refuses any other), and every request the cookies its
// sign-in set and the log position of the last write, as the apps send them back.
import { LOG_POSITION_HEADER } from '../../command-api/shared/read-your-writes.ts';

/** Where a service answers (`url`, what the demo connects to) and the origin its pages have (`origin`). */
export type ServiceAddress = { readonly url: string; readonly origin: string };

export class DemoRequestError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'DemoRequestError';
    this.status = status;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Answer = { readonly status: number; readonly body: unknown };

export type ServiceClient = {
  /** the answer whatever its status */
  call(method: Method, path: string, body?: unknown): Promise<Answer>;
  /** the body of a 2xx answer; any other is a DemoRequestError naming the request and the service's words */
  send<T>(method: Method, path: string, body?: unknown): Promise<T>;
  /** the value of a cookie a sign-in set, or null */
  cookie(name: string): string | null;
};

export function serviceClient(address: ServiceAddress): ServiceClient {
  const cookies = new Map<string, string>();
  let position: string | null = null;
  const call = async (method: Method, path: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (method !== 'GET') headers.origin = address.origin;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (position) headers[LOG_POSITION_HEADER] = position;
    const response = await fetch(`${address.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const split = pair.indexOf('=');
      if (split > 0) cookies.set(pair.slice(0, split).trim(), pair.slice(split + 1).trim());
    }
    position = response.headers.get(LOG_POSITION_HEADER) ?? position;
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  };
  return {
    call,
    async send<T>(method: Method, path: string, body?: unknown): Promise<T> {
      const answer = await call(method, path, body);
      if (answer.status < 200 || answer.status > 299) {
        throw new DemoRequestError(`${method} ${address.origin}${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`, answer.status);
      }
      return answer.body as T;
    },
    cookie: (name) => cookies.get(name) ?? null,
  };
}
