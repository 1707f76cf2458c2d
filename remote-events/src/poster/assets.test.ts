import { OCR_DIR, ocrAssetBase, ocrPaths } from './assets';

describe('OCR asset paths', () => {
  it('point beside this remote on its own origin, never at a CDN', () => {
    // Under jest there is no rspack public path: the same-origin default (/remotes/events/) applies.
    const base = ocrAssetBase('http://127.0.0.1:4600/dashboard/events/create', 'ocr-0a1b2c3d/');
    expect(base).toBe('http://127.0.0.1:4600/remotes/events/ocr-0a1b2c3d/');
    expect(ocrPaths(base)).toEqual({
      workerPath: 'http://127.0.0.1:4600/remotes/events/ocr-0a1b2c3d/worker.min.js',
      corePath: 'http://127.0.0.1:4600/remotes/events/ocr-0a1b2c3d/core',
      langPath: 'http://127.0.0.1:4600/remotes/events/ocr-0a1b2c3d/lang',
      gzip: true,
    });
  });

  it('use the plain folder name outside a build, where no content-named one is defined', () => {
    expect(OCR_DIR).toBe('ocr/');
    expect(ocrAssetBase('http://127.0.0.1:4600/dashboard/events/create')).toBe(
      'http://127.0.0.1:4600/remotes/events/ocr/',
    );
  });

  it('follow the remote when it is deployed on another origin', () => {
    expect(ocrPaths('https://events.cdn.example.sg/files/ocr-0a1b2c3d/').corePath).toBe(
      'https://events.cdn.example.sg/files/ocr-0a1b2c3d/core',
    );
  });
});
