// ARCHITECTURE.md's direction rules, read from the imports of every file: a read model's readers
// live beside its projection and both API sides import them, never each other; the command side
// and the jobs never reach the query side; production code never imports test support.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SKIPPED = new Set(['node_modules', 'dist', '.data', '.git', '.tap', '.screenshots']);

/** the folders a production file of each top-level folder may import from */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  domain: ['domain'],
  infra: ['infra', 'domain'],
  projections: ['projections', 'domain', 'infra'],
  'query-api': ['query-api', 'projections', 'domain', 'infra'],
  'command-api': ['command-api', 'projections', 'domain', 'infra'],
  // the scheduler's work: commands run by the clock instead of a request
  jobs: ['jobs', 'command-api', 'projections', 'domain', 'infra'],
  ops: ['ops', 'jobs', 'command-api', 'query-api', 'projections', 'domain', 'infra', 'ui'],
  ui: ['ui', 'domain'],
};

/** the list of web apps (names, pages, routes): the build, the apps and the servers read this one file */
const READ_BY_ALL = new Set(['ui/apps.ts']);

/** test support and the tools that run tests and benchmarks: they may import anything */
function isTestSupport(file: string): boolean {
  return (
    /\.(test|fixture)\.tsx?$/.test(file) ||
    file.startsWith('testing/') ||
    file.startsWith('ui/testing/') ||
    file.startsWith('ops/test/') ||
    file.startsWith('ops/bench/') ||
    file === 'ops/ui/screenshots.ts' ||
    file.includes('/fixtures/')
  );
}

function sourceFiles(dir = ''): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('dist.')) return [];
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** A build running beside the test (Vite's bundled config, a file being renamed) may remove a file between the listing and the read. */
function readIfThere(file: string): string | null {
  try {
    return readFileSync(path.join(ROOT, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** the project files a file imports (relative specifiers, resolved against the root) */
export function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((match) => path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)));
}

const top = (file: string): string => file.split('/')[0]!;

export function violations(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (isTestSupport(file)) continue;
    const allowed = MAY_IMPORT[top(file)];
    for (const target of importsOf(file, text)) {
      if (isTestSupport(target)) found.push(`${file} imports test support ${target}`);
      else if (allowed && !allowed.includes(top(target)) && !READ_BY_ALL.has(target)) found.push(`${file} (${top(file)}) imports ${target} (${top(target)})`);
    }
  }
  return found;
}

t.test('the rules catch what they forbid', async (t) => {
  const sample = new Map([
    ['command-api/gym/workouts.ts', "import { readHome } from '../../query-api/gym/home.ts';"],
    ['query-api/gym/home.ts', "import { x } from '../../command-api/gym/workouts.ts';\nimport { y } from '../../projections/gym/workouts/read-home.ts';"],
    ['domain/gym/workout.ts', "import { sql } from 'slonik';\nimport type { P } from '../../infra/eventstore/port.ts';"],
    ['projections/gym/index.ts', "import { client } from '../../testing/gym/client.ts';"],
    ['command-api/gym/workouts.int.test.ts', "import { readHome } from '../../query-api/gym/home.ts';"],
    ['ops/main.ts', "const m = await import('../command-api/gym/workouts.ts');"],
  ]);
  t.same(violations(sample), [
    'command-api/gym/workouts.ts (command-api) imports query-api/gym/home.ts (query-api)',
    'query-api/gym/home.ts (query-api) imports command-api/gym/workouts.ts (command-api)',
    'domain/gym/workout.ts (domain) imports infra/eventstore/port.ts (infra)',
    'projections/gym/index.ts imports test support testing/gym/client.ts',
  ]);
});

t.test('every file of the tree keeps them', async (t) => {
  const files = new Map<string, string>();
  for (const file of sourceFiles()) {
    const text = readIfThere(file);
    if (text !== null) files.set(file, text);
  }
  t.ok(files.size > 300, `read ${files.size} files`);
  t.same(violations(files), []);
});
