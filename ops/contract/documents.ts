// The API contract as clients meet it: each service's OpenAPI document, taken from the built
// services themselves (never a copy kept by hand), and the TypeScript the web apps type their calls with.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { loadConfig } from '../../infra/config.ts';
import type { HttpApp } from '../../infra/http/app.ts';
import { buildServices, openCore } from '../system.ts';

export const SERVICES = ['gym', 'shows', 'club', 'forms'] as const;
export type ServiceName = (typeof SERVICES)[number];
export type OpenApiDocument = { readonly paths: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/** Where the generated types of each service are written: checked in, apart from the code written by hand. */
export const contractFile = (service: ServiceName): string => path.resolve('ui/generated/contract', `${service}.ts`);

export async function documentOf(app: HttpApp): Promise<OpenApiDocument> {
  return (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
}

/** The admin token the contract is built with: the operator's route is part of the contract too. */
export const CONTRACT_ADMIN_TOKEN = 'contract-admin-token-0123456789';

/**
 * Every service's document, from services built on the given (empty) database.
 */
export async function serviceDocuments(databaseUrl: string): Promise<Record<ServiceName, OpenApiDocument>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'contract-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'contract-session-secret-of-at-least-32-characters',
    ADMIN_TOKEN: CONTRACT_ADMIN_TOKEN,
  });
  const core = await openCore(config);
  try {
    const services = await buildServices(core, false);
    try {
      const documents: Partial<Record<ServiceName, OpenApiDocument>> = {};
      for (const service of services) documents[service.name as ServiceName] = await documentOf(service.app);
      return documents as Record<ServiceName, OpenApiDocument>;
    } finally {
      await Promise.all(services.map((service) => service.app.close()));
    }
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The checked-in types of one service's contract: `paths`, `components` and `operations`, as openapi-typescript writes them. */
export async function contractTypes(service: ServiceName, document: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(document as unknown as OpenAPI3, { alphabetize: true, immutable: true });
  return `// Generated from the ${service} service's GET /api/openapi.json by \`npm run contract\`; do not edit.\n// A test fails when this file and the running document differ.\n\n${astToString(ast)}`;
}
