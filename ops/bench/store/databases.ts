// The run's databases: each phase that needs a log of its own gets a database of its own.
import pg from 'pg';
import { loadConfig } from '../../../infra/config.ts';
import { type Core, openCore } from '../../system.ts';

export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function openBenchCore(url: string, formsDir?: string): Promise<Core> {
  return openCore(
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '20',
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters',
      ...(formsDir ? { FORMS_DIR: formsDir } : {}),
    }),
  );
}

