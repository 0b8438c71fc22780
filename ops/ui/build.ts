// Builds the web apps when their sources changed since the last build; `npm start` and `npm test`
// call it first, so a fresh clone serves built apps with no extra command. `npm run build:ui`
// forces a build.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { WEB_DIST_DIR } from '../../infra/http/web-app.ts';
import { WEB_APPS } from '../../ui/apps.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const UI_DIR = path.join(ROOT, 'ui');
const STAMP = '.build-hash';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => {
      // the build's own output, other processes' builds in progress and the test support are not sources
      const top = path.relative(dir, file).split(path.sep)[0] ?? '';
      return top !== 'dist' && !top.startsWith('dist.') && top !== 'testing';
    })
    .sort();
}

/** A digest of everything the build reads: the sources under ui/ and the locked dependency versions. */
export async function sourceDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [...(await filesUnder(UI_DIR)), path.join(ROOT, 'package-lock.json')]) {
    hash.update(path.relative(ROOT, file)).update('\0').update(await readFile(file)).update('\0');
  }
  return hash.digest('hex');
}

async function builtDigest(): Promise<string | null> {
  try {
    return (await readFile(path.join(WEB_DIST_DIR, STAMP), 'utf8')).trim();
  } catch {
    return null;
  }
}

export type BuildResult = { readonly built: boolean; readonly ms: number };

/**
 * Builds every app into a fresh folder and swaps it in whole, so a server starting meanwhile reads
 * either the old build or the new one, never half of one.
 */
export async function ensureWebApps(options: { readonly force?: boolean; readonly log?: (message: string) => void } = {}): Promise<BuildResult> {
  const started = performance.now();
  const digest = await sourceDigest();
  if (!options.force && (await builtDigest()) === digest) return { built: false, ms: performance.now() - started };
  options.log?.('building the web apps (ui/ changed since the last build)');
  const { build } = await import('vite');
  const { appConfig } = await import('../../ui/vite.config.ts');
  const staging = `${WEB_DIST_DIR}.${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  for (const app of WEB_APPS) {
    await build({ ...appConfig(app.name, path.join(staging, app.name)), logLevel: 'error' });
  }
  await writeFile(path.join(staging, STAMP), `${digest}\n`);
  const old = `${WEB_DIST_DIR}.old.${process.pid}`;
  if (existsSync(WEB_DIST_DIR)) await rename(WEB_DIST_DIR, old);
  await rename(staging, WEB_DIST_DIR);
  await rm(old, { recursive: true, force: true });
  return { built: true, ms: performance.now() - started };
}

if (import.meta.main) {
  const result = await ensureWebApps({ force: process.argv.includes('--force') || !process.argv.includes('--if-changed'), log: console.log });
  console.log(result.built ? `built the web apps in ${(result.ms / 1000).toFixed(1)} s into ${path.relative(ROOT, WEB_DIST_DIR)}` : 'the web apps are up to date');
}
