// `npm run typecheck`, and the type checks `npm test` runs beside its files: the same projects with
// the same compiler. TypeScript 7's native one (`@typescript/native`, an alias of typescript@7): the
// package named `typescript` stays at 5 for openapi-typescript, which uses its API, and both name a
// `tsc`, so the compiler is called by its path, never by whichever `tsc` npm linked last.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSC = path.join(ROOT, 'node_modules/@typescript/native/bin/tsc');

/** the Node side, browser tests included, and the apps (docs/testing.md, "Two type checks") */
export const TYPE_CHECK_PROJECTS = ['tsconfig.json', 'ui/tsconfig.json'] as const;

/** Node's arguments for checking one project; on one thread when other work has the cores. */
export function typeCheckArgs(project: string, options: { readonly singleThreaded: boolean }): string[] {
  return [TSC, '--noEmit', ...(options.singleThreaded ? ['--singleThreaded'] : []), '-p', project];
}

if (import.meta.main) {
  for (const project of TYPE_CHECK_PROJECTS) {
    const { status } = spawnSync(process.execPath, typeCheckArgs(project, { singleThreaded: false }), { cwd: ROOT, stdio: 'inherit' });
    if (status !== 0) process.exit(status ?? 1);
  }
}
