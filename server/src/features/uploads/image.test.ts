import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { images } from '../../../test/support/images';
import { HttpError } from '../../web/errors';
import { processImage } from './image';

const refusedWith = (pattern: RegExp) => (e: unknown) =>
  e instanceof HttpError && e.statusCode === 400 && pattern.test(e.message);

describe('image uploads are checked by content and re-encoded', () => {
  test('a JPEG is re-encoded without its EXIF (no GPS, no artist) and gets a thumbnail', async () => {
    const input = await images.jpeg(3000, 2000);
    assert.ok((await sharp(input).metadata()).exif, 'the fixture carries EXIF');
    const out = await processImage(input);
    const meta = await sharp(out.full).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.exif, undefined);
    assert.deepEqual([out.width, out.height], [2000, 1333]);
    const thumb = await sharp(out.thumb).metadata();
    assert.ok((thumb.width ?? 0) <= 320 && (thumb.height ?? 0) <= 320);
  });

  test('PNG (with transparency) and WebP are accepted', async () => {
    assert.equal((await sharp((await processImage(await images.png())).full).metadata()).format, 'jpeg');
    assert.equal((await processImage(await images.webp())).width, 200);
  });

  test('a text file renamed .jpg is refused', async () => {
    await assert.rejects(processImage(await images.textRenamedJpg()), refusedWith(/not a JPEG, PNG or WebP image/));
  });

  test('an SVG with a script is refused', async () => {
    await assert.rejects(processImage(await images.svgWithScript()), refusedWith(/SVG files are not accepted/));
  });

  test('a 12 MB file is refused', async () => {
    await assert.rejects(processImage(await images.twelveMegabytes()), refusedWith(/larger than 10 MB/));
  });

  test('an image over 40 megapixels is refused before it is decoded', async () => {
    await assert.rejects(processImage(await images.tooManyPixels()), refusedWith(/larger than 40 megapixels/));
  });
});
