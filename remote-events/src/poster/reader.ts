import { OCR_LANGUAGE } from '@ummahnotify/core';
import { ocrPaths } from './assets';

/** Reads the English text of a poster image in a web worker, entirely in the browser. */
export interface PosterReader {
  read(image: Blob, onProgress?: (fraction: number) => void): Promise<string>;
  terminate(): Promise<void>;
}

const LOAD_TIMEOUT_MS = 60_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Loads tesseract.js (its own chunk, fetched only from the event-create page), starts its worker and
 * the English LSTM model from our origin. The traineddata is kept in IndexedDB by tesseract.js, so
 * later visits read it locally.
 */
export async function createPosterReader(): Promise<PosterReader> {
  const tesseract = await import(/* webpackChunkName: "tesseract" */ 'tesseract.js');
  let onProgress: ((fraction: number) => void) | undefined;
  const worker = await withTimeout(
    tesseract.createWorker(OCR_LANGUAGE, tesseract.OEM.LSTM_ONLY, {
      ...ocrPaths(),
      logger: (m) => {
        if (m.status === 'recognizing text') onProgress?.(m.progress);
      },
      errorHandler: (error: unknown) => console.error('Poster text recognition failed in its worker.', error),
    }),
    LOAD_TIMEOUT_MS,
    'Loading text recognition',
  );
  // Posters are laid out freely (large headings, scattered lines): automatic page segmentation finds
  // them; tesseract.js's default (one uniform block) drops the big heading lines.
  await worker.setParameters({ tessedit_pageseg_mode: tesseract.PSM.AUTO });
  return {
    async read(image, progress) {
      onProgress = progress;
      try {
        const { data } = await worker.recognize(image);
        return data.text;
      } finally {
        onProgress = undefined;
      }
    },
    terminate: async () => {
      await worker.terminate();
    },
  };
}
