// Text recognition of a picked screenshot, in the browser (spec 000: the server never receives an
// image). Loaded only when the import screen reads an image; the worker, core and English data come
// from this origin (ocr-paths.ts).
import { createWorker, OEM } from 'tesseract.js';
import { corePath, OCR_BASE, OCR_FILES } from './ocr-paths.ts';

export type Progress = { readonly status: string; readonly progress: number };

/** The text of an image, line by line. */
export async function readText(image: Blob, onProgress: (progress: Progress) => void): Promise<string> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: `${OCR_BASE}/${OCR_FILES.worker}`,
    corePath: corePath((bytes) => WebAssembly.validate(bytes)),
    langPath: OCR_BASE,
    // a worker started from a blob: URL would need `worker-src blob:`; this one is a file of the origin
    workerBlobURL: false,
    logger: (message: { status: string; progress: number }) => onProgress({ status: message.status, progress: message.progress }),
  });
  try {
    const { data } = await worker.recognize(image);
    return data.text;
  } finally {
    await worker.terminate();
  }
}
