import { readFile } from 'node:fs/promises';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import t from 'tap';
import { startTestSystem } from '../testing/harness.ts';
import { CONTRACT_ADMIN_TOKEN, contractFile, contractTypes, documentOf, type OpenApiDocument, SERVICES } from './contract/documents.ts';

// The contract clients generate from: every service's document under Redocly's recommended rules,
// its declared authorisation true to what the service does, and the apps' types in step with it.
const system = await startTestSystem(t, { ADMIN_TOKEN: CONTRACT_ADMIN_TOKEN });
const documents = Object.fromEntries(await Promise.all(SERVICES.map(async (name) => [name, await documentOf(system.apps[name]!)] as const)));
const redocly = await createConfig({ extends: ['recommended'] });

const NO_INPUT_NO_SESSION = 'takes no input and needs no session: there is no 4xx it could answer';
/** The warnings the recommended rules may leave, each with the reason it stays; anything else fails, and so does one that no longer occurs. */
const ACCEPTED_WARNINGS: Readonly<Record<string, string>> = Object.fromEntries([
  ...SERVICES.flatMap((service) =>
    ['/api/health', '/api/health/ready'].map((path) => [`${service} ${noFourXx(path)}`, NO_INPUT_NO_SESSION]),
  ),
  [`gym ${noFourXx('/api/auth/config')}`, NO_INPUT_NO_SESSION],
  [`club ${noFourXx('/api/public/schedule')}`, NO_INPUT_NO_SESSION],
  [`shows ${noFourXx('/api/push/vapid-public-key')}`, NO_INPUT_NO_SESSION],
  // the router tries static segments first, and a show id is a number: /api/shows/tracked/… is never a show
  ['shows no-ambiguous-paths at #/paths/~1api~1shows~1tracked~1{id}: Paths should resolve unambiguously. Found two ambiguous paths: `/api/shows/{id}/similar` and `/api/shows/tracked/{id}`.', 'static segments win; show ids are numbers'],
  ['shows no-ambiguous-paths at #/paths/~1api~1shows~1{id}~1tracked: Paths should resolve unambiguously. Found two ambiguous paths: `/api/shows/tracked/{id}` and `/api/shows/{id}/tracked`.', 'static segments win; show ids are numbers'],
]);

function noFourXx(path: string): string {
  return `operation-4xx-response at #/paths/${path.replaceAll('/', '~1')}/get/responses: Operation must have at least one \`4XX\` response.`;
}

const warned = new Set<string>();
const describe = (problem: NormalizedProblem): string => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`;

type Operation = { operationId?: string; security?: Array<Record<string, string[]>> };
const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as Operation })));

for (const service of SERVICES) {
  t.test(`${service}: the document passes Redocly's recommended rules`, async (t) => {
    const problems = await lintFromString({ source: JSON.stringify(documents[service]), absoluteRef: `${service}.json`, config: redocly });
    t.same(problems.filter((problem) => problem.severity === 'error').map(describe), [], 'no errors');
    const warnings = problems.filter((problem) => problem.severity === 'warn').map(describe);
    for (const warning of warnings) warned.add(`${service} ${warning}`);
    t.same(warnings.filter((warning) => !(`${service} ${warning}` in ACCEPTED_WARNINGS)), [], 'no warnings but the accepted ones');
  });
}

t.test('every accepted warning still occurs: the list names what is true today', async (t) => {
  t.same(Object.keys(ACCEPTED_WARNINGS).filter((warning) => !warned.has(warning)), []);
});

/** What a path parameter is filled with when no session is sent: any well-formed value does. */
const PARAMETER_VALUES: Readonly<Record<string, string>> = {
  id: '00000000-0000-4000-8000-000000000000',
  date: '2026-01-01',
  name: 'welcome',
  username: 'nobody',
};

for (const service of SERVICES) {
  t.test(`${service}: every operation has a unique operationId and declares how it is authorised, and does what it declares`, async (t) => {
    const app = system.apps[service]!;
    const origin = system.core.config[`${service.toUpperCase() as 'GYM'}_BASE_URL`];
    const operations = operationsOf(documents[service]!);
    const ids = operations.map(({ operation }) => operation.operationId);
    t.same(ids.filter((id) => !id || !/^[a-z][A-Za-z]+$/.test(id)), [], 'every operationId is a readable camelCase name');
    t.same(ids.filter((id, index) => ids.indexOf(id) !== index), [], 'no operationId twice');
    const schemes = Object.keys((documents[service]!.components as { securitySchemes?: object } | undefined)?.securitySchemes ?? {});
    const lies: string[] = [];
    for (const { path, method, operation } of operations) {
      t.ok(Array.isArray(operation.security), `${method.toUpperCase()} ${path} declares its security`);
      const required = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      for (const scheme of required) t.ok(schemes.includes(scheme), `${operation.operationId}: ${scheme} is a scheme of the document`);
      // no cookie, no token, the service's own page: a declared requirement must be what stops it
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => PARAMETER_VALUES[name] ?? '1');
      const response = await app.inject({ method: method.toUpperCase() as 'GET', url, headers: { origin, 'x-real-ip': '198.51.100.7' } });
      const refusedForIdentity = response.statusCode === 401 && ['UNAUTHENTICATED', 'INVALID_ADMIN_TOKEN'].includes(response.json().code);
      if (required.length > 0 !== refusedForIdentity) {
        lies.push(`${operation.operationId} declares ${JSON.stringify(operation.security)} but answered ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    t.same(lies, [], 'an operation needs a session exactly when its document says so');
  });

  t.test(`${service}: the apps' generated types match the running document`, async (t) => {
    const expected = await contractTypes(service, documents[service]!);
    const checkedIn = await readFile(contractFile(service), 'utf8').catch(() => '(missing)');
    t.ok(checkedIn === expected, `${contractFile(service)} is what \`npm run contract\` writes from the running document; run it and commit the result`);
  });
}
