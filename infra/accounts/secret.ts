import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The session HMAC key: SESSION_SECRET, or one generated on first start and kept in the data
 * folder so sessions survive restarts. `generated` tells the caller to warn.
 */
export async function loadSessionSecret(configured: string | undefined, dataDir: string): Promise<{ secret: string; generated: boolean }> {
  if (configured) return { secret: configured, generated: false };
  const file = path.resolve(dataDir, 'session-secret');
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing && existing.trim().length >= 32) return { secret: existing.trim(), generated: true };
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return { secret, generated: true };
}
