// `npm run contract`: regenerates the web apps' API types from the services' documents.
import { writeFile } from 'node:fs/promises';
import { startThrowawayPostgres } from '../../infra/postgres/throwaway-postgres.ts';
import { contractFile, contractTypes, SERVICES, serviceDocuments } from './documents.ts';

const postgres = await startThrowawayPostgres('ledger-contract-pg-');
try {
  const documents = await serviceDocuments(postgres.url);
  for (const service of SERVICES) {
    await writeFile(contractFile(service), await contractTypes(service, documents[service]));
    process.stdout.write(`${contractFile(service)}\n`);
  }
} finally {
  await postgres.stop();
}
