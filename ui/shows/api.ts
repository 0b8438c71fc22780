/**
 * The shows API as the app calls it, typed by the service's contract (ui/generated/contract/shows.ts):
 * each answer is declared as the app's own narrower shape, so a contract change the screens would
 * feel fails the type check here. Every answer is also checked at run time for the fields the
 * screens rely on; anything else is "not our answer" (NoAnswer), never a screen drawn from a wrong shape.
 */
import { isRecord } from '../shared/api.ts';
import { contractClient } from '../shared/contract-client.ts';
import type { paths } from '../generated/contract/shows.ts';
import type { Episode, HistoryEntry, ImportJob, PublicProfile, ScheduleEntry, ShowDetail, ShowSummary, Suggestions, TrackedShow, User } from './model.ts';

const isNumber = (value: unknown): value is number => typeof value === 'number';
const isString = (value: unknown): value is string => typeof value === 'string';
const isArrayOf =
  <T>(item: (value: unknown) => value is T) =>
  (value: unknown): value is T[] =>
    Array.isArray(value) && value.every(item);

export const isUser = (value: unknown): value is User =>
  isRecord(value) && isString(value['id']) && isString(value['email']) && typeof value['publicProfile'] === 'boolean';

export const isShowSummary = (value: unknown): value is ShowSummary =>
  isRecord(value) && isNumber(value['id']) && isString(value['name']) && Array.isArray(value['genres']);

const isEpisode = (value: unknown): value is Episode => isRecord(value) && isNumber(value['id']) && isNumber(value['season']);

export const isShowDetail = (value: unknown): value is ShowDetail =>
  isShowSummary(value) && isArrayOf(isEpisode)((value as Record<string, unknown>)['episodes']);

export const isTrackedShow = (value: unknown): value is TrackedShow =>
  isRecord(value) && isString(value['id']) && isNumber(value['showId']) && Array.isArray(value['watchedEpisodeIds']);

const isScheduleEntry = (value: unknown): value is ScheduleEntry => isRecord(value) && isEpisode(value['episode']) && isShowSummary(value['show']);

const isHistoryEntry = (value: unknown): value is HistoryEntry => isRecord(value) && isString(value['id']) && isString(value['watchedAt']);

const isSuggestions = (value: unknown): value is Suggestions =>
  isRecord(value) && (value['source'] === 'ai' || value['source'] === 'popular') && isArrayOf(isShowSummary)(value['shows']);

const isPublicShow = (value: unknown): value is PublicProfile['watching'][number] => isRecord(value) && isNumber(value['showId']) && isNumber(value['watchedCount']);
const isPublicProfile = (value: unknown): value is PublicProfile =>
  isRecord(value) && isString(value['username']) && isArrayOf(isPublicShow)(value['watching']) && isArrayOf(isPublicShow)(value['completed']) && isNumber(value['watchedEpisodes']);

const isOk = (value: unknown): value is { ok: true } => isRecord(value) && value['ok'] === true;
const isTrackedAnswer = (value: unknown): value is { tracked: TrackedShow | null } =>
  isRecord(value) && (value['tracked'] === null || isTrackedShow(value['tracked']));

const IMPORT_STATUSES: readonly unknown[] = ['queued', 'running', 'done', 'failed'];
const isImportJob = (value: unknown): value is ImportJob =>
  isRecord(value) &&
  isString(value['id']) &&
  IMPORT_STATUSES.includes(value['status']) &&
  isNumber(value['showsTotal']) &&
  isNumber(value['showsDone']) &&
  isRecord(value['imported']) &&
  Array.isArray(value['unresolved']) &&
  Array.isArray(value['notImported']) &&
  Array.isArray(value['matchedByName']);

export type Listing = 'tracked' | 'watching' | 'watchlist' | 'completed';

/** The shows service as its contract types it. */
export const showsApi = contractClient<paths>();
const anything = (): boolean => true;

export const api = {
  me: (): Promise<User> => showsApi.get('/api/auth/me', { accept: isUser }),
  signup: (email: string, password: string): Promise<User> => showsApi.post('/api/auth/signup', { body: { email, password }, accept: isUser }),
  login: (email: string, password: string): Promise<User> => showsApi.post('/api/auth/login', { body: { email, password }, accept: isUser }),
  logout: (): Promise<unknown> => showsApi.post('/api/auth/logout', { accept: anything }),
  search: (q: string, signal?: AbortSignal): Promise<readonly ShowSummary[]> =>
    showsApi.get('/api/shows/search', { query: { q }, accept: isArrayOf(isShowSummary), ...(signal ? { signal } : {}) }),
  show: (showId: number): Promise<ShowDetail> => showsApi.get('/api/shows/{id}', { path: { id: showId }, accept: isShowDetail }),
  trackedFor: (showId: number): Promise<{ readonly tracked: TrackedShow | null }> => showsApi.get('/api/shows/{id}/tracked', { path: { id: showId }, accept: isTrackedAnswer }),
  track: (showId: number): Promise<TrackedShow> => showsApi.post('/api/shows/track', { body: { showId }, accept: isTrackedShow }),
  untrack: (id: string): Promise<{ readonly ok: true }> => showsApi.delete('/api/shows/tracked/{id}', { path: { id }, accept: isOk }),
  markEpisode: (id: string, episodeId: number, watched: boolean): Promise<TrackedShow> =>
    showsApi.put('/api/shows/tracked/{id}/episode', { path: { id }, body: { episodeId, watched }, accept: isTrackedShow }),
  markSeason: (id: string, season: number, watched: boolean): Promise<TrackedShow> =>
    showsApi.put('/api/shows/tracked/{id}/season', { path: { id }, body: { season, watched }, accept: isTrackedShow }),
  setLatest: (id: string, episodeId: number | null): Promise<TrackedShow> =>
    showsApi.put('/api/shows/tracked/{id}/watched', { path: { id }, body: { episodeId }, accept: isTrackedShow }),
  setWatchlist: (id: string, onWatchlist: boolean): Promise<TrackedShow> =>
    showsApi.put('/api/shows/tracked/{id}/watchlist', { path: { id }, body: { onWatchlist }, accept: isTrackedShow }),
  complete: (id: string, rating: number): Promise<TrackedShow> => showsApi.put('/api/shows/tracked/{id}/completed', { path: { id }, body: { rating }, accept: isTrackedShow }),
  uncomplete: (id: string): Promise<TrackedShow> => showsApi.delete('/api/shows/tracked/{id}/completed', { path: { id }, accept: isTrackedShow }),
  setNotify: (id: string, notify: boolean): Promise<TrackedShow> => showsApi.put('/api/shows/tracked/{id}/notify', { path: { id }, body: { notify }, accept: isTrackedShow }),
  similar: (showId: number): Promise<readonly ShowSummary[]> => showsApi.get('/api/shows/{id}/similar', { path: { id: showId }, accept: isArrayOf(isShowSummary) }),
  schedule: (date: string): Promise<readonly ScheduleEntry[]> => showsApi.get('/api/shows/schedule', { query: { date }, accept: isArrayOf(isScheduleEntry) }),
  trending: (): Promise<readonly ShowSummary[]> => showsApi.get('/api/shows/trending', { accept: isArrayOf(isShowSummary) }),
  listing: (listing: Listing): Promise<readonly TrackedShow[]> => showsApi.get(`/api/shows/${listing}`, { accept: isArrayOf(isTrackedShow) }),
  history: (): Promise<readonly HistoryEntry[]> => showsApi.get('/api/shows/history', { query: { limit: 200 }, accept: isArrayOf(isHistoryEntry) }),
  suggestions: (): Promise<Suggestions> => showsApi.get('/api/shows/suggestions', { accept: isSuggestions, deadlineMs: 30_000 }),
  preferences: (change: Partial<Pick<User, 'username' | 'publicProfile' | 'emailNotifications' | 'pushNotifications'>>): Promise<User> =>
    showsApi.patch('/api/auth/preferences', { body: change, accept: isUser }),
  /** 204 and the session cookie cleared; erasure waits for the read side, so it may take a while */
  deleteAccount: (password: string): Promise<unknown> =>
    showsApi.delete('/api/auth/me', { body: { password }, accept: (value: unknown) => value === undefined || value === null, deadlineMs: 30_000 }),
  changePassword: (currentPassword: string, newPassword: string): Promise<{ readonly ok: true }> =>
    showsApi.post('/api/auth/change-password', { body: { currentPassword, newPassword }, accept: isOk }),
  emailMyList: (): Promise<{ readonly ok: true; readonly to: string }> =>
    showsApi.post('/api/shows/tracked/email', { accept: (value: unknown) => isOk(value) && isString((value as Record<string, unknown>)['to']) }),
  publicProfile: (username: string): Promise<PublicProfile> => showsApi.get('/api/public/profile/{username}', { path: { username }, accept: isPublicProfile }),
  dismissed: (): Promise<readonly { readonly id: string; readonly showId: number; readonly show: ShowSummary | null }[]> =>
    showsApi.get('/api/shows/dismissed', {
      accept: isArrayOf((value: unknown): value is unknown => isRecord(value) && isNumber(value['showId']) && (value['show'] === null || isShowSummary(value['show']))),
    }),
  dismiss: (showId: number): Promise<{ readonly ok: true }> => showsApi.post('/api/shows/suggestions/dismiss', { body: { showId }, accept: isOk }),
  /** the files as base64; a 20 MiB export takes a while to send on a phone */
  startImport: (files: readonly { readonly name: string; readonly content: string }[]): Promise<{ readonly jobId: string }> =>
    showsApi.post('/api/import', { body: { files }, accept: (value: unknown) => isRecord(value) && isString(value['jobId']), deadlineMs: 180_000 }),
  importJob: (jobId: string): Promise<ImportJob> => showsApi.get('/api/import/{jobId}', { path: { jobId }, accept: isImportJob }),
};
