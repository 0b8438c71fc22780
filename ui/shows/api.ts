/**
 * The shows API as the app calls it. Every answer is checked for the fields the screens rely on;
 * anything else is "not our answer" (NoAnswer), never a screen drawn from a wrong shape.
 */
import { isRecord, request } from '../shared/api.ts';
import type { Episode, HistoryEntry, PublicProfile, ScheduleEntry, ShowDetail, ShowSummary, Suggestions, TrackedShow, User } from './model.ts';

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

export type Listing = 'tracked' | 'watching' | 'watchlist' | 'completed';

export const api = {
  me: () => request('/api/auth/me', { accept: isUser }),
  signup: (email: string, password: string) => request('/api/auth/signup', { method: 'POST', body: { email, password }, accept: isUser }),
  login: (email: string, password: string) => request('/api/auth/login', { method: 'POST', body: { email, password }, accept: isUser }),
  logout: () => request('/api/auth/logout', { method: 'POST', accept: (value: unknown): value is unknown => true }),
  search: (q: string, signal?: AbortSignal) =>
    request(`/api/shows/search?q=${encodeURIComponent(q)}`, { accept: isArrayOf(isShowSummary), ...(signal ? { signal } : {}) }),
  show: (showId: number) => request(`/api/shows/${showId}`, { accept: isShowDetail }),
  trackedFor: (showId: number) => request(`/api/shows/${showId}/tracked`, { accept: isTrackedAnswer }),
  track: (showId: number) => request('/api/shows/track', { method: 'POST', body: { showId }, accept: isTrackedShow }),
  untrack: (id: string) => request(`/api/shows/tracked/${encodeURIComponent(id)}`, { method: 'DELETE', accept: isOk }),
  markEpisode: (id: string, episodeId: number, watched: boolean) =>
    request(`/api/shows/tracked/${encodeURIComponent(id)}/episode`, { method: 'PUT', body: { episodeId, watched }, accept: isTrackedShow }),
  markSeason: (id: string, season: number, watched: boolean) =>
    request(`/api/shows/tracked/${encodeURIComponent(id)}/season`, { method: 'PUT', body: { season, watched }, accept: isTrackedShow }),
  setLatest: (id: string, episodeId: number | null) =>
    request(`/api/shows/tracked/${encodeURIComponent(id)}/watched`, { method: 'PUT', body: { episodeId }, accept: isTrackedShow }),
  setWatchlist: (id: string, onWatchlist: boolean) =>
    request(`/api/shows/tracked/${encodeURIComponent(id)}/watchlist`, { method: 'PUT', body: { onWatchlist }, accept: isTrackedShow }),
  complete: (id: string, rating: number) =>
    request(`/api/shows/tracked/${encodeURIComponent(id)}/completed`, { method: 'PUT', body: { rating }, accept: isTrackedShow }),
  uncomplete: (id: string) => request(`/api/shows/tracked/${encodeURIComponent(id)}/completed`, { method: 'DELETE', accept: isTrackedShow }),
  setNotify: (id: string, notify: boolean) =>
    request(`/api/shows/tracked/${encodeURIComponent(id)}/notify`, { method: 'PUT', body: { notify }, accept: isTrackedShow }),
  similar: (showId: number) => request(`/api/shows/${showId}/similar`, { accept: isArrayOf(isShowSummary) }),
  schedule: (date: string) => request(`/api/shows/schedule?date=${encodeURIComponent(date)}`, { accept: isArrayOf(isScheduleEntry) }),
  trending: () => request('/api/shows/trending', { accept: isArrayOf(isShowSummary) }),
  listing: (listing: Listing) => request(`/api/shows/${listing}`, { accept: isArrayOf(isTrackedShow) }),
  history: () => request('/api/shows/history?limit=200', { accept: isArrayOf(isHistoryEntry) }),
  suggestions: () => request('/api/shows/suggestions', { accept: isSuggestions, deadlineMs: 30_000 }),
  preferences: (change: Partial<Pick<User, 'username' | 'publicProfile' | 'emailNotifications' | 'pushNotifications'>>) =>
    request('/api/auth/preferences', { method: 'PATCH', body: change, accept: isUser }),
  changePassword: (currentPassword: string, newPassword: string) =>
    request('/api/auth/change-password', { method: 'POST', body: { currentPassword, newPassword }, accept: isOk }),
  emailMyList: () => request('/api/shows/tracked/email', { method: 'POST', accept: (value: unknown): value is { ok: true; to: string } => isOk(value) && isString((value as Record<string, unknown>)['to']) }),
  publicProfile: (username: string) => request(`/api/public/profile/${encodeURIComponent(username)}`, { accept: isPublicProfile }),
  dismissed: () =>
    request('/api/shows/dismissed', {
      accept: isArrayOf((value: unknown): value is { id: string; showId: number; show: ShowSummary | null } => isRecord(value) && isNumber(value['showId']) && (value['show'] === null || isShowSummary(value['show']))),
    }),
  dismiss: (showId: number) => request('/api/shows/suggestions/dismiss', { method: 'POST', body: { showId }, accept: isOk }),
};
