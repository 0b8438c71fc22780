import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createClientIpResolver, LOOPBACK_PROXIES } from './client-ip.ts';
import { checkCrossSite, isStateChanging } from './cross-site.ts';
import { isConnectionError } from '../postgres/connection-errors.ts';
import { errorBody, HttpError } from './errors.ts';
import { declarePublicOperations, pruneUnreferencedSchemas } from './openapi.ts';
import { securityHeaders } from './security-headers.ts';
import { notFoundPage } from './web-app.ts';

const NOT_FOUND_PAGE = notFoundPage();

const DATABASE_RETRY_AFTER_S = 2;

/**
 * The database does not answer: what a request that needed it, a health check and a readiness
 * check all say, so that a client or a load balancer reads one code whichever it asked.
 */
export const databaseUnavailable = (cause?: unknown): HttpError =>
  new HttpError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable right now; try again shortly', {
    cause,
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_S) },
  });

/** Fastify's default: a longer path parameter is refused with 414 */
const MAX_PARAM_LENGTH = 100;

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller's address: X-Real-IP when the peer is a trusted proxy (TRUSTED_PROXY), else the socket's peer */
    clientIp: string;
  }
}

export type HttpApp = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** How an operation proves who calls it: a session cookie, or an operator's header. */
export type SecurityScheme = { readonly type: 'apiKey'; readonly in: 'cookie' | 'header'; readonly name: string; readonly description: string };

export type HttpAppOptions = {
  readonly title: string;
  /** what the service is, for the OpenAPI document's `info` */
  readonly description?: string;
  /** the ways this service's operations are authorised, by the name operations' `security` uses */
  readonly securitySchemes?: Readonly<Record<string, SecurityScheme>>;
  readonly logger: FastifyBaseLogger | false;
  /** largest accepted request body in bytes */
  readonly bodyLimit?: number;
  /** peers whose X-Real-IP is believed (TRUSTED_PROXY: addresses and CIDR blocks); loopback when left out */
  readonly trustedProxies?: readonly string[];
  /** answers GET /api/health; throws when the service cannot serve */
  readonly health?: () => Promise<Record<string, unknown>>;
  /** the service's public origin: a POST, PUT, PATCH or DELETE naming another is refused */
  readonly origin?: string;
  /** refuse changes that carry no Origin at all (a service only its own pages write to) */
  readonly requireOrigin?: boolean;
  /** served over HTTPS (COOKIE_SECURE): adds HSTS; default true */
  readonly secure?: boolean;
};

export const errorBodySchema = z
  .object({ statusCode: z.number(), code: z.string(), error: z.string(), message: z.string() })
  .meta({ id: 'Error' });

/**
 * One Fastify app with the conventions every service shares: zod schemas, one error body,
 * JSON 404s, the client address from a trusted proxy's X-Real-IP only, no caching of API answers,
 * security headers, no cross-site changes, OpenAPI, health.
 */
export async function createHttpApp(options: HttpAppOptions): Promise<HttpApp> {
  const setSecurityHeaders = securityHeaders(options.secure ?? true);
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    genReqId: () => randomUUID(),
    // X-Forwarded-For can be written by anyone; only our proxy's X-Real-IP counts
    trustProxy: false,
    return503OnClosing: true,
    // refusals the router makes before any hook runs: the one error body and the usual headers
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request.raw, reply.raw);
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
      const status = error.statusCode ?? 400;
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? `params: a path parameter is longer than ${MAX_PARAM_LENGTH} characters`
          : error.code === 'FST_ERR_BAD_URL'
            ? 'url: not a valid URL component'
            : error.message;
      (reply as FastifyReply).code(status).send(errorBody(status, error.code, message));
    },
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  }).withTypeProvider<ZodTypeProvider>();

  // the first hook, so every answer carries them, refusals, errors and 404s included; the request id
  // is what the log records as an event's correlation, so a client can find its own change in a history
  app.addHook('onRequest', async (request, reply) => {
    setSecurityHeaders(request.raw, reply.raw);
    reply.header('x-request-id', request.id);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: options.title,
        version: '1.0.0',
        description: options.description ?? options.title,
        license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
      },
      // relative: the document describes the origin it is fetched from
      servers: [{ url: '/', description: `the ${options.title} service's own origin` }],
      ...(options.securitySchemes ? { components: { securitySchemes: { ...options.securitySchemes } } } : {}),
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => declarePublicOperations(pruneUnreferencedSchemas(jsonSchemaTransformObject(input))),
  });

  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema || !schema.response || typeof schema.response !== 'object') return;
    let responses = schema.response as Record<string, unknown>;
    // input that fails its schema is refused with 400: the document says so wherever there is input
    if ((schema.body || schema.params || schema.querystring) && !('400' in responses)) responses = { ...responses, 400: errorBodySchema };
    // every change may meet the cross-site refusals
    if (isStateChanging(route.method)) responses = { 403: errorBodySchema, 415: errorBodySchema, ...responses };
    schema.response = responses;
  });

  app.decorateRequest('clientIp', '');
  const clientIpOf = createClientIpResolver(options.trustedProxies ?? LOOPBACK_PROXIES);
  app.addHook('onRequest', async (request, reply) => {
    request.clientIp = clientIpOf(request.socket.remoteAddress, request.headers['x-real-ip']);
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', async (request) => checkCrossSite(request, options));

  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const field = [error.validationContext, path].filter(Boolean).join('.');
      return reply.code(400).send(errorBody(400, 'VALIDATION_FAILED', `${field || 'request'}: ${first?.message ?? 'invalid'}`));
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.warn({ err: error }, error.message);
      return reply.code(error.statusCode).headers(error.headers).send(errorBody(error.statusCode, error.code, error.message));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, too large, wrong content type
      const code = 'code' in error && typeof error.code === 'string' ? error.code : 'BAD_REQUEST';
      const message =
        code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'body: a JSON body is required'
          : code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? `body: larger than ${sizeOf(request.routeOptions.bodyLimit)}, the most this route takes`
            : `body: ${error.message}`;
      return reply.code(status).send(errorBody(status, code, message));
    }
    if (isConnectionError(error)) {
      // the database restarts or fails over: the pools reconnect by themselves, the client retries
      request.log.warn({ err: error }, 'database unavailable');
      const answer = databaseUnavailable(error);
      return reply.code(answer.statusCode).headers(answer.headers).send(errorBody(answer.statusCode, answer.code, answer.message));
    }
    if (isUndefinedTable(error)) {
      // an api-only process started before any projector created the read tables
      return reply.code(503).header('retry-after', '1').send(errorBody(503, 'NOT_READY', 'The read side is still being built; try again shortly'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(500, 'INTERNAL', 'Something went wrong on our side'));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (!isApiPath(pathname) && (request.method === 'GET' || request.method === 'HEAD')) {
      // a person followed a link: a page, not a JSON body
      return reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_FOUND_PAGE);
    }
    return reply.code(404).send(errorBody(404, 'NOT_FOUND', `No route ${request.method} ${pathname}`));
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Health check',
        response: { 200: z.looseObject({ status: z.literal('ok') }), 503: errorBodySchema },
      },
    },
    async () => {
      try {
        return { status: 'ok' as const, ...(options.health ? await options.health() : {}) };
      } catch (error) {
        if (isConnectionError(error)) throw databaseUnavailable(error);
        throw new HttpError(503, 'UNHEALTHY', 'The service cannot serve right now', { cause: error, headers: { 'retry-after': '5' } });
      }
    },
  );

  return app;
}

/** One answered request: `route` is the route's template (`/api/sessions/:id`), null when no route matched. */
export type RequestSample = { readonly method: string; readonly route: string | null; readonly statusCode: number; readonly seconds: number };

export type RequestObserver = (sample: RequestSample) => void;

/**
 * Tells `observer` of every answer of `app`, 404s and refusals included. Call before the app is
 * ready: a hook on the root reaches every route, those of plugins already registered too.
 */
export function observeRequests(app: HttpApp, observer: RequestObserver): void {
  app.addHook('onResponse', async (request, reply) => {
    // the template, never the URL: one series per route however many ids pass through it
    observer({ method: request.method, route: request.routeOptions.url ?? null, statusCode: reply.statusCode, seconds: reply.elapsedTime / 1000 });
  });
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

function isUndefinedTable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth++) {
    if ((cause as { code?: unknown }).code === '42P01') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** A byte count as a person reads a limit: `5 MiB`, `200 KiB`, `512 bytes`. */
export function sizeOf(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
