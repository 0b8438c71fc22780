// The gym service's routes as this app calls them, typed by the service's contract
// (ui/generated/contract/gym.ts): a path, parameter, body or answer the service changes fails the type
// check here or in the screens. Each answer is also checked at run time for the fields the screens
// rely on; anything else counts as no answer (api.ts).
import { isRecord } from '../shared/api.ts';
import { type Body, contractClient, type OperationAt } from '../shared/contract-client.ts';
import type { components, paths } from '../generated/contract/gym.ts';
import type { PlanDraft } from './plans/templates.ts';

const gym = contractClient<paths>();
type Schemas = components['schemas'];
/** The JSON body the contract takes at a path and method. */
type BodyAt<Path extends keyof paths, Method extends 'post' | 'put' | 'patch' | 'delete'> = Body<OperationAt<paths, Path, Method>>;

export type User = Schemas['GymUser'];
export type Settings = User['settings'];
export type Plan = Schemas['Plan'];
export type Day = Plan['days'][number];
export type Slot = Day['slots'][number];
export type Workout = Schemas['Workout'];
export type WorkoutSummary = Schemas['WorkoutSummary'];
export type Home = Schemas['Home'];
export type HomeExercise = Home['exercises'][number];
/** a workout of the client's date with sets and not finished, on whichever device it was started: Today offers to continue it */
export type OpenWorkout = Home['openWorkouts'][number];
export type Hint = HomeExercise['hint'];
export type Exercise = Schemas['Exercise'];
export type History = Schemas['ExerciseHistory'];
export type HistorySet = History['workouts'][number]['sets'][number];
export type Stats = Schemas['Stats'];
export type BodyWeight = Schemas['BodyWeight'];
export type Machine = Schemas['CardioMachine'];
export type CardioLog = Schemas['CardioLog'];
/** What the cardio form sends, every field given (the contract lets a change leave some out). */
export type CardioFields = {
  readonly machineId: string;
  readonly date: string;
  readonly minutes: number;
  readonly distanceKm: number | null;
  readonly calories: number | null;
  readonly level: number | null;
};
/** A plan as the editor writes it: days and slots with an id keep it, those without are new. */
export type PlanRevision = {
  name: string;
  days: { id?: string; title: string | null; slots: { id?: string; exerciseId: string; targetSets: number; repMin: number; repMax: number; note: string | null }[] }[];
};
export type TickBody = BodyAt<'/api/sessions/{id}/sets', 'post'>;
/** the 409 of a tick or a removal made before another device's later tick of that set: `current` is the set the server holds */
export type SetChangedLater = Schemas['SetChangedLater'];
export type WorkoutHistory = Schemas['WorkoutHistory'];
export type WorkoutHistoryEntry = Schemas['WorkoutHistoryEntry'];
export type WorkoutChange = Schemas['WorkoutChange'];
export type WorkoutVersion = Schemas['WorkoutVersion'];
export type WorkoutImport = Schemas['WorkoutImport'];
export type ImportBody = BodyAt<'/api/import', 'post'>;

const has =
  (...fields: string[]) =>
  (value: unknown): boolean =>
    isRecord(value) && fields.every((field) => field in value);
const isUser = has('id', 'email', 'settings');
const isOk = has('ok');
const isPlan = has('id', 'name', 'days', 'active');
const isWorkout = has('id', 'date', 'sets', 'finishedAt');
const isHome = has('date', 'weeklyGoal', 'daysTrainedThisWeek', 'activePlan', 'nextDay', 'exercises', 'openWorkouts');
const isExercise = has('id', 'name');
const isMachine = has('id', 'name');
const isCardioLog = has('id', 'machineId', 'date', 'minutes');
const isSet = has('id', 'exerciseId', 'setNumber', 'kg', 'reps');
const isBodyWeight = has('date', 'kg');
const isList =
  (each: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    Array.isArray(value) && value.every(each);
const isNothing = (value: unknown): boolean => value === undefined || value === null || isRecord(value);

export const gymApi = {
  config: () => gym.get('/api/auth/config', { accept: has('inviteRequired') }),
  signup: (body: BodyAt<'/api/auth/signup', 'post'>) => gym.post('/api/auth/signup', { body, accept: isUser }),
  login: (body: BodyAt<'/api/auth/login', 'post'>) => gym.post('/api/auth/login', { body, accept: isUser }),
  logout: () => gym.post('/api/auth/logout', { accept: isNothing }),
  forgot: (email: string) => gym.post('/api/auth/forgot', { body: { email }, accept: isOk }),
  reset: (body: BodyAt<'/api/auth/reset', 'post'>) => gym.post('/api/auth/reset', { body, accept: isOk }),
  changePassword: (body: BodyAt<'/api/auth/password', 'post'>) => gym.post('/api/auth/password', { body, accept: isNothing }),
  deleteAccount: (password: string) => gym.delete('/api/me', { body: { password }, accept: isNothing }),
  me: () => gym.get('/api/me', { accept: isUser }),
  settings: (changes: BodyAt<'/api/settings', 'patch'>) => gym.patch('/api/settings', { body: changes, accept: isUser }),
  home: (date: string) => gym.get('/api/home', { query: { date }, accept: isHome }),
  plans: () => gym.get('/api/plans', { accept: isList(isPlan) }),
  plan: (id: string) => gym.get('/api/plans/{id}', { path: { id }, accept: isPlan }),
  createPlan: (draft: PlanDraft) => gym.post('/api/plans', { body: draft, accept: isPlan }),
  activatePlan: (id: string) => gym.patch('/api/plans/{id}', { path: { id }, body: { active: true }, accept: isPlan }),
  duplicatePlan: (id: string, date: string) => gym.post('/api/plans/{id}/duplicate', { path: { id }, body: { date }, accept: isPlan }),
  deletePlan: (id: string) => gym.delete('/api/plans/{id}', { path: { id }, accept: isNothing }),
  createExercise: (body: { readonly name: string; readonly libraryId: string | null }) => gym.post('/api/exercises', { body, accept: isExercise }),
  linkLibrary: (id: string, libraryId: string | null) => gym.patch('/api/exercises/{id}', { path: { id }, body: { libraryId }, accept: isExercise }),
  startWorkout: (body: { readonly planDayId: string | null; readonly date: string }) => gym.post('/api/sessions', { body, accept: isWorkout }),
  workout: (id: string) => gym.get('/api/sessions/{id}', { path: { id }, accept: isWorkout }),
  workouts: (range: { readonly from: string; readonly to: string }) => gym.get('/api/sessions', { query: range, accept: isList(has('id', 'date', 'setCount', 'volumeKg')) }),
  changeWorkout: (id: string, body: BodyAt<'/api/sessions/{id}', 'patch'>) => gym.patch('/api/sessions/{id}', { path: { id }, body, accept: isWorkout }),
  deleteWorkout: (id: string) => gym.delete('/api/sessions/{id}', { path: { id }, accept: isNothing }),
  workoutHistory: (id: string) => gym.get('/api/sessions/{id}/history', { path: { id }, accept: has('workoutId', 'entries') }),
  workoutVersion: (id: string, revision: number) => gym.get('/api/sessions/{id}/history/{revision}', { path: { id, revision }, accept: has('revision', 'sets') }),
  tick: (workoutId: string, body: TickBody) => gym.post('/api/sessions/{id}/sets', { path: { id: workoutId }, body, accept: isSet }),
  exercises: (q?: string) => gym.get('/api/exercises', { query: q ? { q } : {}, accept: isList(isExercise) }),
  renameExercise: (id: string, name: string) => gym.patch('/api/exercises/{id}', { path: { id }, body: { name }, accept: isExercise }),
  deleteExercise: (id: string) => gym.delete('/api/exercises/{id}', { path: { id }, accept: isNothing }),
  mergeExercise: (id: string, intoId: string) => gym.post('/api/exercises/{id}/merge', { path: { id }, body: { intoId }, accept: isNothing }),
  history: (id: string) => gym.get('/api/exercises/{id}/history', { path: { id }, accept: has('exercise', 'workouts') }),
  stats: (date: string) => gym.get('/api/stats', { query: { date }, accept: has('streakWeeks', 'weeks', 'totals', 'recentPersonalBests') }),
  bodyWeights: () => gym.get('/api/bodyweight', { accept: isList(isBodyWeight) }),
  recordBodyWeight: (reading: BodyWeight) => gym.put('/api/bodyweight', { body: reading, accept: isBodyWeight }),
  deleteBodyWeight: (date: string) => gym.delete('/api/bodyweight/{date}', { path: { date }, accept: isNothing }),
  revisePlan: (id: string, revision: PlanRevision) => gym.patch('/api/plans/{id}', { path: { id }, body: revision, accept: isPlan }),
  machines: () => gym.get('/api/cardio/machines', { accept: isList(isMachine) }),
  addMachine: (name: string) => gym.post('/api/cardio/machines', { body: { name }, accept: isMachine }),
  renameMachine: (id: string, name: string) => gym.patch('/api/cardio/machines/{id}', { path: { id }, body: { name }, accept: isMachine }),
  deleteMachine: (id: string) => gym.delete('/api/cardio/machines/{id}', { path: { id }, accept: isNothing }),
  cardioLogs: () => gym.get('/api/cardio/logs', { accept: isList(isCardioLog) }),
  logCardio: (fields: CardioFields) => gym.post('/api/cardio/logs', { body: fields, accept: isCardioLog }),
  changeCardioLog: (id: string, fields: CardioFields) => gym.patch('/api/cardio/logs/{id}', { path: { id }, body: fields, accept: isCardioLog }),
  deleteCardioLog: (id: string) => gym.delete('/api/cardio/logs/{id}', { path: { id }, accept: isNothing }),
  deleteSet: (id: string) => gym.delete('/api/sets/{id}', { path: { id }, accept: isNothing }),
  /** by its place, as a phone queues it offline: 204 also when it is already gone */
  deleteSetAt: (workoutId: string, exerciseId: string, setNumber: number, madeAt?: string) =>
    gym.delete('/api/sessions/{id}/sets/{exerciseId}/{setNumber}', { path: { id: workoutId, exerciseId, setNumber }, query: madeAt ? { madeAt } : {}, accept: isNothing }),
  /** a long history takes a while: the deadline is longer than the usual 10 s */
  importWorkouts: (body: ImportBody, deadlineMs: number) => gym.post('/api/import', { body, deadlineMs, accept: has('format', 'unit', 'workouts', 'skipped', 'exercisesCreated', 'exercisesMatched') }),
};

