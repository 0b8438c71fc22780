// `node ops/test/batch.ts a.test.ts b.test.ts …`: several test files in one Node process, one after
// another, each as a subtest named by its path (ops/test/run.ts reads the file's outcome from that
// line). Alone, every file paid for a Node process and for loading the codebase it tests (fastify,
// pg, zod, the services' routes, playwright): about a second of CPU each, a fifth of a 2-core run.
// Each file still starts its own system on its own database and ends it at its teardown; only
// loaded modules are shared (the code has no global singletons: ARCHITECTURE.md).
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import { runFileIn } from './batch-tap.ts';

const SHIM = new URL('./batch-tap.ts', import.meta.url).href;
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 180_000);

// a test file's `import t from 'tap'` is its subtest; tap's own modules and the shim keep tap
registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL ?? '';
    if (specifier === 'tap' && parent !== SHIM && parent !== import.meta.url && !parent.includes('/node_modules/')) return { url: SHIM, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

// each file has its own time limit (TAP_TIMEOUT would limit the whole batch)
t.setTimeout(0);
for (const file of process.argv.slice(2)) {
  await t.test(file, { timeout: FILE_TIMEOUT_MS }, async (fileTest) => {
    runFileIn(fileTest);
    await import(pathToFileURL(path.resolve(file)).href);
  });
  runFileIn(null);
}
