// Where the gym origin serves the text-recognition files (emitted by ocr-assets.ts at build time):
// the worker, the WebAssembly core and the English data, all from the registry's packages, so
// nothing is downloaded from elsewhere at run time. The version in the path keeps the year-long
// cache of assets/ right when the packages change.
export const OCR_VERSION = '7.0.0';
export const OCR_BASE = `/assets/ocr-${OCR_VERSION}`;
export const OCR_FILES = {
  /** tesseract.js's worker script */
  worker: 'worker.min.js',
  /** the core built with SIMD and the LSTM engine only, its WebAssembly inlined */
  core: 'tesseract-core-simd-lstm.wasm.js',
  /** the same without SIMD, for the few browsers that lack it (Safari before 16.4) */
  coreNoSimd: 'tesseract-core-lstm.wasm.js',
  /** English, the LSTM model (integer "best"): 2.9 MB gzipped; the worker gunzips it */
  english: 'eng.traineddata.gz',
} as const;

/** A WebAssembly module using a SIMD instruction (wasm-feature-detect's probe): valid only where SIMD is. */
const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11];

/** The core this browser can run. */
export function corePath(validate: (bytes: Uint8Array<ArrayBuffer>) => boolean): string {
  return `${OCR_BASE}/${validate(new Uint8Array(SIMD_PROBE)) ? OCR_FILES.core : OCR_FILES.coreNoSimd}`;
}
