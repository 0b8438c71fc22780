// The security headers on every kind of answer of every service: API JSON, the OpenAPI document,
// 404s, errors, refusals and the pages; HSTS only when COOKIE_SECURE is on.
import type { LightMyRequestResponse } from 'fastify';
import t, { type Test } from 'tap';
import { startTestSystem } from '../../testing/harness.ts';

const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

type Probe = {
  readonly label: string;
  readonly status: number;
  readonly request: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string };
  readonly page?: true;
};

/** One of each kind of answer a service gives. */
function probes(name: string): Probe[] {
  const common: Probe[] = [
    { label: 'an API answer', status: 200, request: { method: 'GET', url: '/api/health' } },
    { label: 'the OpenAPI document', status: 200, request: { method: 'GET', url: '/api/openapi.json' } },
    { label: 'a 404', status: 404, request: { method: 'GET', url: '/api/no-such-route' } },
    { label: 'a 404 page', status: 404, request: { method: 'GET', url: '/no-such-page' } },
    {
      label: 'a cross-site refusal',
      status: 403,
      request: { method: 'POST', url: name === 'forms' ? '/api/forms/welcome' : '/api/auth/logout', headers: { origin: 'https://evil.example', 'content-type': 'text/plain' }, payload: 'x' },
    },
  ];
  switch (name) {
    case 'forms':
      return [
        ...common,
        { label: 'a validation error', status: 400, request: { method: 'GET', url: '/api/forms/bad%20name' } },
        { label: 'the questionnaire page', status: 200, request: { method: 'GET', url: '/f/welcome' }, page: true },
      ];
    case 'shows':
      return [
        ...common,
        { label: 'an error', status: 401, request: { method: 'GET', url: '/api/auth/me' } },
        { label: 'the app shell at /', status: 200, request: { method: 'GET', url: '/' }, page: true },
        { label: 'the app shell of a public profile', status: 200, request: { method: 'GET', url: '/u/alice' }, page: true },
      ];
    case 'gym':
      return [...common, { label: 'an error', status: 401, request: { method: 'GET', url: '/api/me' } }];
    default:
      return [...common, { label: 'an error', status: 401, request: { method: 'GET', url: '/api/auth/me' } }];
  }
}

function checkHeaders(t: Test, response: LightMyRequestResponse, label: string, secure: boolean): void {
  t.equal(response.headers['x-content-type-options'], 'nosniff', `${label}: nosniff`);
  t.same(
    String(response.headers['content-security-policy']).split(';'),
    secure ? [...CSP, 'upgrade-insecure-requests'] : CSP,
    `${label}: the Content-Security-Policy`,
  );
  t.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin', `${label}: Referrer-Policy`);
  t.equal(response.headers['x-frame-options'], 'DENY', `${label}: X-Frame-Options for browsers without frame-ancestors`);
  if (secure) t.equal(response.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', `${label}: HSTS`);
  else t.notOk('strict-transport-security' in response.headers, `${label}: no HSTS over plain HTTP`);
}

/** The page needs nothing the policy forbids: scripts from its own origin only, nothing inline. */
function checkWorksUnderPolicy(t: Test, page: LightMyRequestResponse, label: string): void {
  t.match(page.headers['content-type'], /^text\/html/, `${label}: a page`);
  for (const [, attributes, inline] of page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    t.match(attributes, /\bsrc="\/[^/"][^"]*"/, `${label}: a script from its own origin (${attributes?.trim()})`);
    t.equal(inline?.trim(), '', `${label}: no inline script`);
  }
  t.notMatch(page.body, /\son[a-z]+\s*=/i, `${label}: no inline event handler`);
  t.notMatch(page.body, /<style\b|\sstyle\s*=/i, `${label}: no inline style`);
  t.notMatch(page.body, /javascript:/i, `${label}: no javascript: URL`);
}

for (const secure of [true, false]) {
  t.test(`COOKIE_SECURE=${secure}: every kind of answer of every service carries the headers`, async (t) => {
    const system = await startTestSystem(t, { COOKIE_SECURE: String(secure), TVMAZE_URL: 'http://127.0.0.1:9' });
    for (const [name, app] of Object.entries(system.apps)) {
      for (const probe of probes(name)) {
        const response = await app.inject(probe.request);
        const label = `${name}: ${probe.label}`;
        t.equal(response.statusCode, probe.status, `${label}: ${probe.status}`);
        checkHeaders(t, response, label, secure);
        if (probe.page) checkWorksUnderPolicy(t, response, label);
      }
    }
  });
}

