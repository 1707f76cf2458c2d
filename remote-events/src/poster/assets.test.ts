import { ocrAssetBase, ocrPaths } from './assets';

describe('OCR asset paths', () => {
  it('point beside this remote on its own origin, never at a CDN', () => {
    // Under jest there is no rspack public path: the same-origin default (/remotes/events/) applies.
    const base = ocrAssetBase('http://127.0.0.1:4600/dashboard/events/create');
    expect(base).toBe('http://127.0.0.1:4600/remotes/events/ocr/');
    expect(ocrPaths(base)).toEqual({
      workerPath: 'http://127.0.0.1:4600/remotes/events/ocr/worker.min.js',
      corePath: 'http://127.0.0.1:4600/remotes/events/ocr/core',
      langPath: 'http://127.0.0.1:4600/remotes/events/ocr/lang',
      gzip: true,
    });
  });

  it('follow the remote when it is deployed on another origin', () => {
    expect(ocrPaths('https://events.cdn.example.sg/v42/ocr/').corePath).toBe(
      'https://events.cdn.example.sg/v42/ocr/core',
    );
  });
});
