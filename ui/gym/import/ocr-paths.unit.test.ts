import t from 'tap';
import { corePath } from './ocr-paths.ts';

// node's WebAssembly (V8, as in Chromium) has SIMD; the root tsconfig has no DOM types for it
const wasm = (globalThis as unknown as { WebAssembly: { validate(bytes: Uint8Array): boolean } }).WebAssembly;

t.test('the OCR core with SIMD where WebAssembly SIMD is, the plain one elsewhere', async (t) => {
  t.equal(corePath((bytes) => wasm.validate(bytes)), '/assets/ocr-7.0.0/tesseract-core-simd-lstm.wasm.js', 'the probe is a valid module with SIMD');
  t.equal(corePath(() => false), '/assets/ocr-7.0.0/tesseract-core-lstm.wasm.js');
});
