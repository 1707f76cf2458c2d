/** Where this remote's build was loaded from (rspack's publicPath 'auto': the folder of remoteEntry.js). */
declare const __webpack_public_path__: string;
/** The OCR files' folder in the build, `ocr-<sha256-8>/`, named by their content (see rspack.config.ts). */
declare const __UN_OCR_DIR__: string;

const FALLBACK_PUBLIC_PATH = '/remotes/events/';
/** Outside an rspack build (jest) there is no content-named folder: the plain name. */
const FALLBACK_OCR_DIR = 'ocr/';

/** The OCR files' folder in this build: `ocr-<sha256-8>/`. */
export const OCR_DIR: string = typeof __UN_OCR_DIR__ === 'string' ? __UN_OCR_DIR__ : FALLBACK_OCR_DIR;

/**
 * The OCR files are copied beside this remote's chunks, under OCR_DIR (see rspack.config.ts), so they
 * come from the same origin as the remote itself — never from a CDN — and move with it when it is
 * deployed elsewhere.
 */
export function ocrAssetBase(pageUrl = window.location.href, ocrDir = OCR_DIR): string {
  const publicPath =
    typeof __webpack_public_path__ === 'string' && __webpack_public_path__ !== ''
      ? __webpack_public_path__
      : FALLBACK_PUBLIC_PATH;
  return new URL(ocrDir, new URL(publicPath, pageUrl)).href;
}

/** createWorker options: worker script, core directory (the worker picks the SIMD build) and language data. */
export function ocrPaths(base = ocrAssetBase()) {
  return {
    workerPath: `${base}worker.min.js`,
    corePath: `${base}core`,
    // tesseract.js appends /eng.traineddata.gz itself: no trailing slash here.
    langPath: `${base}lang`,
    gzip: true,
  };
}
