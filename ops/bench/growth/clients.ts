// The gym users bench:growth drives over HTTP: signed up for real (a session cookie each), their
// history then seeded with the rest of the log; the first of them is the five-year user.
import { addDays } from '../../../domain/shared/calendar.ts';
import type { HttpApp } from '../../../infra/http/app.ts';
import { signUp as signUpAccount } from '../../../testing/sign-in.ts';
import { dayTicks, type SeededUser, TODAY } from '../gym-history.ts';
import type { TickClient } from './figures.ts';

export type SignedUp = { readonly id: string; readonly cookie: string };

export async function signUp(app: HttpApp, count: number): Promise<SignedUp[]> {
  const users: SignedUp[] = [];
  // one at a time, each from an address of its own: sign-ups are limited per address
  for (let i = 0; i < count; i++) {
    const { account, cookie } = await signUpAccount('gym', app, { email: `growth-${i}@example.org`, password: 'bench password 123' });
    users.push({ id: account.id, cookie });
  }
  return users;
}

/**
 * Each user's workout of `daysAgo` days before TODAY (opened over HTTP: its plan must be projected)
 * and 80 ticks of it, as bench:gym drives them. A new workout at each step: ticks of one workout that
 * grew through the steps would measure its length rather than the log's. The seeded histories end
 * the week before TODAY, so up to 5 days back the workout is new.
 */
export async function tickClients(base: string, signedUp: readonly SignedUp[], seeded: readonly SeededUser[], daysAgo: number): Promise<TickClient[]> {
  return Promise.all(signedUp.map(async ({ cookie }, i) => {
    const user = seeded[i]!;
    const res = await fetch(`${base}/api/sessions`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ planDayId: user.days[0], date: addDays(TODAY, -daysAgo) }),
    });
    // 200: past 5 steps, the workout of 5 steps before, ticked again
    if (res.status !== 201 && res.status !== 200) throw new Error(`POST /sessions: ${res.status} ${await res.text()}`);
    const workout = ((await res.json()) as { id: string }).id;
    const requests = dayTicks(user, workout);
    return { cookie, requests, firstPass: 0 };
  }));
}
