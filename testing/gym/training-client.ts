// Test support for the gym's training routes: a signed-up user and shortcuts to build a history.
import type { HttpApp } from '../../infra/http/app.ts';
import { gymClient } from './client.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

export async function trainingUser(app: HttpApp, email: string) {
  const gym = gymClient(app);
  const { sid, user } = await gym.signup(email);
  const call = (method: Method, url: string, payload?: object) => gym.call(method as 'GET', url, { sid, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, payload?: object) => {
    const res = await call(method, url, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.statusCode === 204 ? null : res.json();
  };
  return {
    sid,
    user,
    call,
    ok,
    exercise: async (name: string, fields: object = {}): Promise<string> => (await ok('POST', '/api/exercises', { name, ...fields })).id,
    workout: async (date: string, planDayId: string | null = null): Promise<string> => (await ok('POST', '/api/sessions', { date, planDayId })).id,
    tick: (workoutId: string, exerciseId: string, setNumber: number, kg: number, reps: number, extra: { unit?: 'kg' | 'lb'; rpe?: number } = {}) =>
      ok('POST', `/api/sessions/${workoutId}/sets`, { exerciseId, setNumber, kg, reps, ...extra }),
  };
}
