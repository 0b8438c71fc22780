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
  /** English, the LSTM model (integer "best"): 2.9 MB gzipped; the worker gunzips it */
  english: 'eng.traineddata.gz',
} as const;
