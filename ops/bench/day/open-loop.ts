// Open-loop sending: every request has a time on the step's schedule, is sent then (or as soon as
// what it needs, a workout's id, is known), and its latency runs from that scheduled time, so a slow
// server shows as latency rather than as a client that politely sent less.

/** no answer within this is a failure, counted and printed */
const TIMEOUT_MS = 10_000;

export type RouteFigures = {
  latencies: number[];
  /** each latency's scheduled send time (performance.now()), in the same order */
  scheduled: number[];
  failures: Record<string, number>;
  conflicts: number;
  /** the start of the first failed answer's body, printed so that a failure says what it was */
  firstFailure?: string;
};

export class Recorder {
  readonly routes = new Map<string, RouteFigures>();
  sent = 0;
  /** sent unrecorded in the lead-in: the services still did their work */
  leadIn = 0;

  of(route: string): RouteFigures {
    let figures = this.routes.get(route);
    if (!figures) this.routes.set(route, (figures = { latencies: [], scheduled: [], failures: {}, conflicts: 0 }));
    return figures;
  }

  fail(route: string, what: string): void {
    const failures = this.of(route).failures;
    failures[what] = (failures[what] ?? 0) + 1;
  }
}

export type Step = {
  /** performance.now() at the step's time 0 */
  readonly t0: number;
  readonly seconds: number;
  /** requests/s offered over all kinds */
  readonly rate: number;
  readonly recorder: Recorder;
  readonly random: () => number;
};

/** resolves at the step's time `ms` (at once when that has passed) */
export function at(step: Step, ms: number): Promise<void> {
  const wait = step.t0 + ms - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

/** Poisson arrivals at `perSecond` between `fromMs` and `toMs` of the step, in order */
export function arrivals(step: Step, perSecond: number, fromMs: number, toMs: number): number[] {
  const times: number[] = [];
  if (perSecond <= 0) return times;
  for (let t = fromMs - (Math.log(1 - step.random()) * 1000) / perSecond; t < toMs; t -= (Math.log(1 - step.random()) * 1000) / perSecond) times.push(t);
  return times;
}

export type Answer = { readonly status: number; readonly body: unknown };

/**
 * Sends now a request scheduled for `scheduledAt` (performance.now() time) and records it under
 * `route`: a 2xx, or a status in `expected` (a 409 the caller answers), by its latency from the
 * schedule; anything else, a timeout or a transport error as a failure. Null when it failed.
 * `recorded: false` sends without recording (the lead-in before a step's time 0).
 */
export async function send(
  step: Step,
  route: string,
  scheduledAt: number,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: unknown },
  options: { expected?: readonly number[]; recorded?: boolean } = {},
): Promise<Answer | null> {
  const recorded = options.recorded ?? true;
  if (recorded) step.recorder.sent++;
  else step.recorder.leadIn++;
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    const latency = performance.now() - scheduledAt;
    const ok = response.status < 300 || (options.expected ?? []).includes(response.status);
    if (recorded) {
      if (ok) {
        step.recorder.of(route).latencies.push(latency);
        step.recorder.of(route).scheduled.push(scheduledAt);
      }
      else {
        step.recorder.fail(route, String(response.status));
        step.recorder.of(route).firstFailure ??= text.slice(0, 200);
      }
    }
    if (!ok) return null;
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch (error) {
    if (recorded) step.recorder.fail(route, error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error');
    return null;
  }
}
