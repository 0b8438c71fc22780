// A Vite plugin (gym build only) that copies the text-recognition files from node_modules into the
// build under OCR_BASE, and serves them in development. Node-only: never imported by the app.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { OCR_BASE, OCR_FILES, OCR_VERSION } from './ocr-paths.ts';

const require = createRequire(import.meta.url);
const SOURCES: Readonly<Record<string, string>> = {
  [OCR_FILES.worker]: require.resolve('tesseract.js/dist/worker.min.js'),
  [OCR_FILES.core]: require.resolve(`tesseract.js-core/${OCR_FILES.core}`),
  [OCR_FILES.coreNoSimd]: require.resolve(`tesseract.js-core/${OCR_FILES.coreNoSimd}`),
  [OCR_FILES.english]: require.resolve(`@tesseract.js-data/eng/4.0.0_best_int/${OCR_FILES.english}`),
};

export function gymOcrAssets(): Plugin {
  return {
    name: 'gym-ocr-assets',
    buildStart() {
      // the files are cached for a year under a path naming the version: a newer package under the
      // old path would meet phones holding the old worker and core
      for (const name of ['tesseract.js', 'tesseract.js-core']) {
        const { version } = require(`${name}/package.json`) as { version: string };
        if (version !== OCR_VERSION) this.error(`${name} is ${version} but ocr-paths.ts serves the OCR files as ${OCR_VERSION}: change OCR_VERSION with the package`);
      }
    },
    async generateBundle() {
      for (const [name, source] of Object.entries(SOURCES)) this.emitFile({ type: 'asset', fileName: `${OCR_BASE.slice(1)}/${name}`, source: await readFile(source) });
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const name = request.url?.startsWith(`${OCR_BASE}/`) ? request.url.slice(OCR_BASE.length + 1) : null;
        const source = name ? SOURCES[name] : undefined;
        if (!source) return next();
        response.setHeader('content-type', name!.endsWith('.js') ? 'text/javascript' : 'application/gzip');
        response.end(await readFile(source));
      });
    },
  };
}
