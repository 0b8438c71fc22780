// Forms filled in by pairs: two clients on each form, saving a changed answer as they type. Forms
// are anonymous; each client has an address of its own (the save limit counts per address).
import { arrivals, at, send, type Step } from './open-loop.ts';

export type FormsDay = { readonly base: string; readonly forms: readonly string[]; saves: number };

/** the forms' share of the step: saves as one Poisson stream, each by one client of a pair picked at random */
export async function formsTraffic(step: Step, day: FormsDay, share: number): Promise<void> {
  await Promise.all(arrivals(step, share * step.rate, 0, step.seconds * 1000).map(async (ms) => {
    const form = Math.floor(step.random() * day.forms.length);
    const client = Math.floor(step.random() * 2);
    const n = day.saves++;
    await at(step, ms);
    await send(step, 'forms POST /api/forms/:name', step.t0 + ms, `${day.base}/api/forms/${day.forms[form]}`, {
      method: 'POST',
      headers: { origin: day.base, 'x-real-ip': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      body: { answers: client === 0 ? { contact: `pair ${form}, first client, save ${n}` } : { improve: `pair ${form}, second client, save ${n}` } },
    });
  }));
}
