/**
 * The one way the apps talk to their service. Two kinds of failure, because the user must be told
 * different things: a refusal (the server answered no: `ApiRefusal`, its message is shown as is)
 * and no answer (network down, the 10 s deadline, a proxy's or captive portal's page instead of our
 * JSON: `NoAnswer`, "offline, will retry").
 */
export const DEADLINE_MS = 10_000;

/** The service said no; `message` is written for the user. */
export class ApiRefusal extends Error {
  readonly status: number;
  readonly code: string;
  readonly retryAfterS: number | null;
  /** the whole error body: some refusals carry what the server holds (`current` in a 409) */
  readonly body: Readonly<Record<string, unknown>>;
  constructor(status: number, code: string, message: string, retryAfterS: number | null, body: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.name = 'ApiRefusal';
    this.status = status;
    this.code = code;
    this.retryAfterS = retryAfterS;
    this.body = body;
  }
  /** the server is there but cannot serve now (503, 502…): worth the same retry as no answer */
  get transient(): boolean {
    return this.status >= 500;
  }
}

export type NoAnswerReason = 'network' | 'deadline' | 'not-our-answer';

/** No usable answer reached us; nothing is known about whether the request took effect. */
export class NoAnswer extends Error {
  readonly reason: NoAnswerReason;
  constructor(reason: NoAnswerReason, message: string) {
    super(message);
    this.name = 'NoAnswer';
    this.reason = reason;
  }
}

/** Whether to keep the change and try again later rather than tell the user it was refused. */
export function isRetryable(error: unknown): boolean {
  return error instanceof NoAnswer || (error instanceof ApiRefusal && (error.transient || error.status === 429));
}

export type RequestOptions<T> = {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  /** checks the answer is what this call expects; anything else counts as no answer */
  readonly accept: (value: unknown) => value is T;
  /** survives the page being closed (sent with the unload); bodies up to 64 KB */
  readonly keepalive?: boolean;
  readonly signal?: AbortSignal;
  readonly deadlineMs?: number;
};

function isErrorBody(value: unknown): value is { code: string; message: string } & Record<string, unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string' && typeof (value as { message?: unknown }).message === 'string';
}

/** The body as JSON when it says it is JSON; anything else (a portal's page, a cut-off body) is undefined. */
function jsonOf(response: Response, text: string): unknown {
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** the header a command answers with when it answered before its write was projected */
const LOG_POSITION = 'x-log-position';

/** The later of two log positions as the API writes them ("commit/prepare"); malformed ones lose. */
export function laterPosition(a: string | null, b: string | null): string | null {
  const parse = (text: string | null): [bigint, bigint] | null => {
    const match = text ? /^(-?\d+)\/(-?\d+)$/.exec(text) : null;
    return match ? [BigInt(match[1]!), BigInt(match[2]!)] : null;
  };
  const [pa, pb] = [parse(a), parse(b)];
  if (!pa) return pb ? b : null;
  if (!pb) return a;
  return pa[0] > pb[0] || (pa[0] === pb[0] && pa[1] >= pb[1]) ? a : b;
}

// This page's latest write that was answered before it was projected: sent back on every request, so
// a read that reaches another API process (behind a load balancer) still sees that write.
let readAfter: string | null = null;

export async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const deadline = AbortSignal.timeout(options.deadlineMs ?? DEADLINE_MS);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let response: Response;
  let text: string;
  // the deadline and a lost connection can strike while the body is still arriving, not only
  // before the headers: both reads are one attempt, with one way of failing
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(readAfter ? { [LOG_POSITION]: readAfter } : {}),
      },
      body: options.body === undefined ? null : JSON.stringify(options.body),
      credentials: 'same-origin',
      cache: 'no-store',
      keepalive: options.keepalive ?? false,
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (deadline.aborted) throw new NoAnswer('deadline', 'The server did not answer in time');
    if (options.signal?.aborted) throw error;
    throw new NoAnswer('network', 'No connection');
  }
  readAfter = laterPosition(readAfter, response.headers.get(LOG_POSITION));
  const body = jsonOf(response, text);
  if (!response.ok) {
    if (!isErrorBody(body)) throw new NoAnswer('not-our-answer', `The answer was not from the service (HTTP ${response.status})`);
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiRefusal(response.status, body.code, body.message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null, body);
  }
  if (!options.accept(body)) throw new NoAnswer('not-our-answer', 'The answer was not from the service');
  return body;
}

/** A guard for answers that are JSON objects; the caller checks the fields it relies on. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
