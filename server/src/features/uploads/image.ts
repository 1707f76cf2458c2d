import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@ummahnotify/core';
import sharp from 'sharp';
import { HttpError } from '../../web/errors';

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const FULL_MAX_SIDE = 2000;
const THUMB_MAX_SIDE = 320;

export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

const refuse = (message: string) => new HttpError(400, message, [{ path: 'image', message }]);

/**
 * Accepts an image by what its bytes are (JPEG, PNG or WebP), never by its name or declared type;
 * re-encodes it as JPEG without metadata (no GPS, no camera data) and makes a thumbnail.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > IMAGE_MAX_BYTES) throw refuse('The image is larger than 10 MB.');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse('The file is not a JPEG, PNG or WebP image.');
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) {
    throw refuse(
      meta.format === 'svg'
        ? 'SVG files are not accepted: use a JPEG, PNG or WebP image.'
        : 'The file is not a JPEG, PNG or WebP image.',
    );
  }
  if (!meta.width || !meta.height) throw refuse('The image has no size.');
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw refuse('The image is larger than 40 megapixels.');

  try {
    const source = () =>
      sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate().flatten({ background: '#ffffff' });
    const full = await source()
      .resize({ width: FULL_MAX_SIDE, height: FULL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await source()
      .resize({ width: THUMB_MAX_SIDE, height: THUMB_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    return { full: full.data, thumb, width: full.info.width, height: full.info.height };
  } catch {
    throw refuse('The image is damaged and could not be read.');
  }
}
