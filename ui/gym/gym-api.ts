// The gym service's routes as this app calls them. Each answer is checked for the fields the
// screens rely on; anything else counts as no answer (api.ts).
import { isRecord, request } from '../shared/api.ts';
import type { LoggedSet, PlanDraft, Unit } from './model.ts';

export type Settings = { restTimerSec: number; weeklyGoal: number; weekStart: number; accent: string; unit: Unit; appearance: 'light' | 'dark' };
export type User = { id: string; email: string; settings: Settings };
export type Slot = { id: string; exerciseId: string; exerciseName: string | null; targetSets: number; repMin: number; repMax: number; note: string | null };
export type Day = { id: string; ordinal: number; title: string | null; slots: Slot[] };
export type Plan = { id: string; name: string; startDate: string; active: boolean; days: Day[] };
export type Workout = {
  id: string;
  date: string;
  planDayId: string | null;
  planId: string | null;
  planName: string | null;
  dayOrdinal: number | null;
  dayTitle: string | null;
  notes: string;
  finishedAt: string | null;
  sets: (LoggedSet & { exerciseName: string | null })[];
};
export type WorkoutSummary = Omit<Workout, 'sets'> & { startedAt: string; setCount: number; volumeKg: number };
export type Hint = { action: 'start' | 'increase' | 'repeat'; kg: number | null; reps: number | null };
export type HomeExercise = { exerciseId: string; exerciseName: string | null; last: { date: string; sets: { setNumber: number; kg: number; reps: number }[] } | null; hint: Hint };
export type Home = { date: string; weeklyGoal: number; daysTrainedThisWeek: number; activePlan: Plan | null; nextDay: Day | null; exercises: HomeExercise[] };
export type Exercise = { id: string; name: string; code: string | null; machineNumber: string | null; libraryId?: string | null };
export type HistorySet = { id: string; setNumber: number; kg: number; reps: number };
export type History = {
  exercise: Exercise;
  workouts: { sessionId: string; date: string; sets: HistorySet[]; bestSet: HistorySet | null; estimatedOneRepMaxKg: number | null; volumeKg: number }[];
};
export type Stats = {
  weeklyGoal: number;
  streakWeeks: number;
  weeks: { weekStart: string; daysTrained: number; sets: number; volumeKg: number }[];
  totals: { workouts: number; sets: number; reps: number; volumeKg: number };
  recentPersonalBests: { sessionId: string; date: string; kg: number; reps: number; estimatedOneRepMaxKg: number; exerciseId: string; exerciseName: string | null }[];
};
export type BodyWeight = { date: string; kg: number };
export type Machine = { id: string; name: string };
export type CardioLog = { id: string; machineId: string; machineName: string | null; date: string; minutes: number; distanceKm: number | null; calories: number | null; level: number | null };
export type CardioFields = { machineId: string; date: string; minutes: number; distanceKm: number | null; calories: number | null; level: number | null };
/** A plan as the editor writes it: days and slots with an id keep it, those without are new. */
export type PlanRevision = {
  name: string;
  days: { id?: string; title: string | null; slots: { id?: string; exerciseId: string; targetSets: number; repMin: number; repMax: number; note: string | null }[] }[];
};

const has =
  <T>(...fields: string[]) =>
  (value: unknown): value is T =>
    isRecord(value) && fields.every((field) => field in value);
const isUser = has<User>('id', 'email', 'settings');
const isOk = has<{ ok: true; devCode?: string }>('ok');
const isPlan = has<Plan>('id', 'name', 'days', 'active');
const isWorkout = has<Workout>('id', 'date', 'sets', 'finishedAt');
const isHome = has<Home>('date', 'weeklyGoal', 'daysTrainedThisWeek', 'activePlan', 'nextDay', 'exercises');
const isExercise = has<Exercise>('id', 'name');
const isMachine = has<Machine>('id', 'name');
const isCardioLog = has<CardioLog>('id', 'machineId', 'date', 'minutes');
const isSet = has<LoggedSet>('id', 'exerciseId', 'setNumber', 'kg', 'reps');
const isList =
  <T>(each: (value: unknown) => value is T) =>
  (value: unknown): value is T[] =>
    Array.isArray(value) && value.every(each);
const isNothing = (value: unknown): value is undefined => value === undefined || value === null || isRecord(value);

export const gymApi = {
  config: () => request('/api/auth/config', { accept: has<{ inviteRequired: boolean }>('inviteRequired') }),
  signup: (body: { email: string; password: string; inviteCode?: string }) => request('/api/auth/signup', { method: 'POST', body, accept: isUser }),
  login: (body: { email: string; password: string }) => request('/api/auth/login', { method: 'POST', body, accept: isUser }),
  logout: () => request('/api/auth/logout', { method: 'POST', body: {}, accept: isNothing }),
  forgot: (email: string) => request('/api/auth/forgot', { method: 'POST', body: { email }, accept: isOk }),
  reset: (body: { email: string; code: string; newPassword: string }) => request('/api/auth/reset', { method: 'POST', body, accept: isOk }),
  changePassword: (body: { currentPassword: string; newPassword: string }) => request('/api/auth/password', { method: 'POST', body, accept: isNothing }),
  deleteAccount: (password: string) => request('/api/me', { method: 'DELETE', body: { password }, accept: isNothing }),
  me: () => request('/api/me', { accept: isUser }),
  settings: (changes: Partial<Settings>) => request('/api/settings', { method: 'PATCH', body: changes, accept: isUser }),
  home: (date: string) => request(`/api/home?date=${date}`, { accept: isHome }),
  plans: () => request('/api/plans', { accept: isList(isPlan) }),
  plan: (id: string) => request(`/api/plans/${id}`, { accept: isPlan }),
  createPlan: (draft: PlanDraft) => request('/api/plans', { method: 'POST', body: draft, accept: isPlan }),
  activatePlan: (id: string) => request(`/api/plans/${id}`, { method: 'PATCH', body: { active: true }, accept: isPlan }),
  duplicatePlan: (id: string, date: string) => request(`/api/plans/${id}/duplicate`, { method: 'POST', body: { date }, accept: isPlan }),
  deletePlan: (id: string) => request(`/api/plans/${id}`, { method: 'DELETE', accept: isNothing }),
  createExercise: (body: { name: string; libraryId: string | null }) => request('/api/exercises', { method: 'POST', body, accept: isExercise }),
  linkLibrary: (id: string, libraryId: string | null) => request(`/api/exercises/${id}`, { method: 'PATCH', body: { libraryId }, accept: isExercise }),
  startWorkout: (body: { planDayId: string | null; date: string }) => request('/api/sessions', { method: 'POST', body, accept: isWorkout }),
  workout: (id: string) => request(`/api/sessions/${id}`, { accept: isWorkout }),
  workouts: (range: { from: string; to: string }) =>
    request(`/api/sessions?${new URLSearchParams(range).toString()}`, { accept: isList(has<WorkoutSummary>('id', 'date', 'setCount', 'volumeKg')) }),
  changeWorkout: (id: string, body: { finished?: boolean; notes?: string }) => request(`/api/sessions/${id}`, { method: 'PATCH', body, accept: isWorkout }),
  deleteWorkout: (id: string) => request(`/api/sessions/${id}`, { method: 'DELETE', accept: isNothing }),
  tick: (workoutId: string, body: { exerciseId: string; setNumber: number; kg: number; reps: number }) =>
    request(`/api/sessions/${workoutId}/sets`, { method: 'POST', body, accept: isSet }),
  exercises: (q?: string) => request(q ? `/api/exercises?q=${encodeURIComponent(q)}` : '/api/exercises', { accept: isList(isExercise) }),
  renameExercise: (id: string, name: string) => request(`/api/exercises/${id}`, { method: 'PATCH', body: { name }, accept: isExercise }),
  deleteExercise: (id: string) => request(`/api/exercises/${id}`, { method: 'DELETE', accept: isNothing }),
  mergeExercise: (id: string, intoId: string) => request(`/api/exercises/${id}/merge`, { method: 'POST', body: { intoId }, accept: isNothing }),
  history: (id: string) => request(`/api/exercises/${id}/history`, { accept: has<History>('exercise', 'workouts') }),
  stats: (date: string) => request(`/api/stats?date=${date}`, { accept: has<Stats>('streakWeeks', 'weeks', 'totals', 'recentPersonalBests') }),
  bodyWeights: () => request('/api/bodyweight', { accept: isList(has<BodyWeight>('date', 'kg')) }),
  recordBodyWeight: (reading: BodyWeight) => request('/api/bodyweight', { method: 'PUT', body: reading, accept: has<BodyWeight>('date', 'kg') }),
  deleteBodyWeight: (date: string) => request(`/api/bodyweight/${date}`, { method: 'DELETE', accept: isNothing }),
  revisePlan: (id: string, revision: PlanRevision) => request(`/api/plans/${id}`, { method: 'PATCH', body: revision, accept: isPlan }),
  machines: () => request('/api/cardio/machines', { accept: isList(isMachine) }),
  addMachine: (name: string) => request('/api/cardio/machines', { method: 'POST', body: { name }, accept: isMachine }),
  renameMachine: (id: string, name: string) => request(`/api/cardio/machines/${id}`, { method: 'PATCH', body: { name }, accept: isMachine }),
  deleteMachine: (id: string) => request(`/api/cardio/machines/${id}`, { method: 'DELETE', accept: isNothing }),
  cardioLogs: () => request('/api/cardio/logs', { accept: isList(isCardioLog) }),
  logCardio: (fields: CardioFields) => request('/api/cardio/logs', { method: 'POST', body: fields, accept: isCardioLog }),
  changeCardioLog: (id: string, fields: CardioFields) => request(`/api/cardio/logs/${id}`, { method: 'PATCH', body: fields, accept: isCardioLog }),
  deleteCardioLog: (id: string) => request(`/api/cardio/logs/${id}`, { method: 'DELETE', accept: isNothing }),
  deleteSet: (id: string) => request(`/api/sets/${id}`, { method: 'DELETE', accept: isNothing }),
};

export const isTickBody = has<{ exerciseId: string; setNumber: number; kg: number; reps: number }>('exerciseId', 'setNumber', 'kg', 'reps');
