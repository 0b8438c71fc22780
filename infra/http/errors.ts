import { STATUS_CODES } from 'node:http';

/** The one body every error answers with, whatever the service. */
export type ErrorBody = {
  statusCode: number;
  /** stable, machine-readable; clients branch on it */
  code: string;
  /** the HTTP reason phrase */
  error: string;
  /** for people; a validation message starts with the offending field */
  message: string;
};

export function errorBody(statusCode: number, code: string, message: string): ErrorBody {
  return { statusCode, code, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** An error a client caused or must react to; the handler turns it into an ErrorBody. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, code: string, message: string, options?: ErrorOptions & { headers?: Record<string, string> }) {
    super(message, options);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.headers = options?.headers ?? {};
  }
}

export const badRequest = (field: string, message: string): HttpError =>
  new HttpError(400, 'VALIDATION_FAILED', `${field}: ${message}`);
export const notFound = (message = 'Not found'): HttpError => new HttpError(404, 'NOT_FOUND', message);
export const forbidden = (code: string, message: string): HttpError => new HttpError(403, code, message);
export const conflict = (code: string, message: string): HttpError => new HttpError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number, message: string): HttpError =>
  new HttpError(429, 'RATE_LIMITED', message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
export const serviceUnavailable = (retryAfterSeconds: number, message: string, options?: ErrorOptions): HttpError =>
  new HttpError(503, 'NOT_READY', message, { ...options, headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
