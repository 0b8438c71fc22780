import type { FastifyRequest } from 'fastify';
import { forbidden, HttpError } from './errors.ts';

export type CrossSiteOptions = {
  /** the service's own origin; unset, no browser origin is trusted with a change */
  readonly origin?: string | undefined;
  /** refuse a change that carries no Origin at all (forms: only its own page writes) */
  readonly requireOrigin?: boolean | undefined;
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isStateChanging = (method: string | readonly string[]): boolean =>
  (typeof method === 'string' ? [method] : method).some((one) => STATE_CHANGING.has(one.toUpperCase()));

/**
 * The cross-site request check every service runs before it reads a body. A browser puts Origin
 * on every cross-origin POST, PUT, PATCH and DELETE, and a cross-site form can only send
 * urlencoded, multipart or text/plain; so a change is refused when it names another origin, when
 * the browser says it comes from another site (a sibling service on another port is same-site,
 * yet another origin), or when it is not JSON. A request with no body and no content type passes:
 * that is an API client's bodyless POST or DELETE, or the service's own page (Origin checked above).
 */
export function checkCrossSite(request: FastifyRequest, options: CrossSiteOptions): void {
  // an unknown route changes nothing: it stays a 404
  if (!STATE_CHANGING.has(request.method) || request.is404) return;
  const origin = request.headers.origin;
  const expected = options.origin ? `Origin must be ${options.origin}` : 'this service takes no changes from a web page';
  if (origin === undefined ? options.requireOrigin === true : origin !== options.origin) {
    throw forbidden('ORIGIN_REFUSED', expected);
  }
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') {
    throw forbidden('ORIGIN_REFUSED', `Sec-Fetch-Site: ${site} may not change anything; ${expected}`);
  }
  const type = request.headers['content-type'];
  if (type === undefined ? hasBody(request) : mediaType(type) !== 'application/json') {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `content-type: a change must be sent as application/json${type === undefined ? '' : `, not ${mediaType(type) || 'an empty type'}`}`);
  }
}

function mediaType(header: string): string {
  return (header.split(';')[0] ?? '').trim().toLowerCase();
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
