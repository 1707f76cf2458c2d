import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** Test images made on the fly: real encodings, hostile files and oversized ones. */
export const images = {
  jpeg: (w = 640, h = 480) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#2d6a4f' } })
      .withExif({ IFD0: { Artist: 'Secret Photographer' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 17/1 0/1' } })
      .jpeg()
      .toBuffer(),
  png: (w = 300, h = 200) =>
    sharp({ create: { width: w, height: h, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer(),
  webp: () =>
    sharp({ create: { width: 200, height: 200, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer(),
  textRenamedJpg: async () => Buffer.from('this is a plain text file pretending to be a photo.jpg\n'),
  svgWithScript: async () =>
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    ),
  /** Over 10 MB: random bytes after a real JPEG header. */
  twelveMegabytes: async () => Buffer.concat([await images.jpeg(64, 64), randomBytes(12 * 1024 * 1024)]),
  /** 7000 x 6000 = 42 megapixels, small on disk because it is one colour. */
  tooManyPixels: () =>
    sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
};
