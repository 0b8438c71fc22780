/**
 * What a push message of the daily job (`{title, body, showId, episodeId}`) shows, and where a tap
 * goes. Pure, so the worker's one decision is unit-tested; a message of another shape still
 * shows something rather than nothing (a push that shows nothing is penalised by browsers).
 */
export type ShownNotification = { readonly title: string; readonly body: string; readonly url: string; readonly tag: string | undefined };

export function notificationOf(text: string | null): ShownNotification {
  let data: unknown = null;
  try {
    data = text === null ? null : JSON.parse(text);
  } catch {
    data = null;
  }
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const title = typeof record['title'] === 'string' && record['title'] ? record['title'] : 'Shows';
  const body = typeof record['body'] === 'string' ? record['body'] : text !== null && data === null ? text : '';
  const showId = record['showId'];
  const episodeId = record['episodeId'];
  const known = typeof showId === 'number' && Number.isInteger(showId) && showId > 0;
  return {
    title,
    body,
    url: known ? `/shows/${showId}` : '/',
    tag: typeof episodeId === 'number' ? `episode-${episodeId}` : undefined,
  };
}
