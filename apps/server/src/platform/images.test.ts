import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@bayclub/shared';
import {
  animatedGif,
  fakeJpegHtml,
  GPS_MAP_DATUM,
  jpegWithGps,
  photo,
  pngBomb,
  svgWithScript,
  twelveMegapixelJpeg,
  XMP_SECRET,
} from '../test/image-fixtures.js';
import {
  ANIMATION_MAX_FRAMES,
  createFifoLimit,
  IMAGE_CONCURRENCY,
  ImageRejected,
  imagePipelineLoad,
  processImage,
  processSingleImage,
  sniffImageFormat,
  type ProcessedImage,
} from './images.js';

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected ImageRejected, got a result');
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(ImageRejected);
      return (err as ImageRejected).reason;
    },
  );

/** Every variant must be a WebP with no metadata at all. */
async function expectCleanWebp(result: ProcessedImage) {
  for (const v of result.variants) {
    expect(sniffImageFormat(v.body)).toBe('webp');
    const meta = await sharp(v.body).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([v.width, v.height]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Belt and braces: none of the fixture's tell-tale strings survive anywhere in the file.
    expect(v.body.includes(Buffer.from('EXIF'))).toBe(false);
    expect(v.body.includes(Buffer.from('XMP '))).toBe(false);
    expect(v.body.includes(Buffer.from(GPS_MAP_DATUM))).toBe(false);
    expect(v.body.includes(Buffer.from(XMP_SECRET))).toBe(false);
  }
}

describe('sniffImageFormat', () => {
  it.each(['jpeg', 'png', 'webp', 'gif', 'avif'] as const)('recognises %s from its bytes', async (format) => {
    expect(sniffImageFormat(await photo(32, 24, format))).toBe(format);
  });

  it('recognises AVIF behind a generic major brand (mif1 + avif)', () => {
    const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmif1\0\0\0\0mif1avif')]);
    expect(sniffImageFormat(head)).toBe('avif');
  });

  it.each([
    ['HTML renamed .jpg', fakeJpegHtml()],
    ['SVG', svgWithScript()],
    ['SVG without XML prolog', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj')],
    ['plain text', Buffer.from('just some text that is not an image')],
    ['empty', Buffer.alloc(0)],
    ['two JPEG bytes', Buffer.from([0xff, 0xd8])],
    ['HEIC', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic')])],
    ['RIFF WAVE', Buffer.from('RIFF\x24\0\0\0WAVEfmt ')],
    ['TIFF', Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0])],
    ['JPEG magic later in the file', Buffer.concat([Buffer.from('xx'), Buffer.from([0xff, 0xd8, 0xff, 0xe0])])],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageFormat(bytes)).toBeNull();
  });
});

describe('processImage', () => {
  it('turns a 12 MP JPEG into WebP variants 1080, 480 and 160 px wide, aspect ratio kept', async () => {
    const result = await processImage(await twelveMegapixelJpeg());
    expect(result.variants.map((v) => [v.suffix, v.width, v.height])).toEqual([
      ['', LIMITS.imageVariantWidths.large, 810],
      ['-480', LIMITS.imageVariantWidths.medium, 360],
      ['-160', LIMITS.imageVariantWidths.small, 120],
    ]);
    expect([result.width, result.height]).toEqual([1080, 810]);
    await expectCleanWebp(result);
  });

  it('applies the EXIF orientation and strips EXIF, GPS, XMP and ICC', async () => {
    const input = await jpegWithGps();
    // The fixture really carries what we strip (otherwise this test would prove nothing).
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(inMeta.exif?.includes(Buffer.from(GPS_MAP_DATUM))).toBe(true);
    expect(inMeta.xmp?.includes(Buffer.from(XMP_SECRET))).toBe(true);
    expect(inMeta.icc).toBeDefined();

    const result = await processImage(input);
    // Stored 600x400 sideways, displayed 400x600: not enlarged, width and height swapped.
    expect([result.width, result.height]).toEqual([400, 600]);
    expect(result.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 600],
      [400, 600],
      [160, 240],
    ]);
    await expectCleanWebp(result);

    // Rotated, not just relabelled: the stored left half (red) is now the top, the right (blue) the bottom.
    const { data, info } = await sharp(result.variants[0].body).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [r1, , b1] = pixel(200, 100);
    const [r2, , b2] = pixel(200, 500);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(r2).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
  });

  it('does not enlarge a small image, but still makes every variant', async () => {
    const result = await processImage(await photo(100, 80, 'png'));
    expect([result.width, result.height]).toEqual([100, 80]);
    expect(result.variants.map((v) => [v.suffix, v.width, v.height])).toEqual([
      ['', 100, 80],
      ['-480', 100, 80],
      ['-160', 100, 80],
    ]);
    await expectCleanWebp(result);
  });

  it('keeps the aspect ratio of a portrait photo (widths are the limit)', async () => {
    const result = await processImage(await photo(1200, 1600, 'webp'));
    expect(result.variants.map((v) => [v.width, v.height])).toEqual([
      [1080, 1440],
      [480, 640],
      [160, 213],
    ]);
  });

  it.each(['png', 'webp', 'gif', 'avif'] as const)('accepts %s input', async (format) => {
    const result = await processImage(await photo(300, 200, format));
    expect([result.width, result.height]).toEqual([300, 200]);
    await expectCleanWebp(result);
  });

  it('keeps the transparency of a greyscale PNG with alpha', async () => {
    // 2 channels: grey + alpha; the left half is fully transparent.
    const px = Buffer.alloc(50 * 40 * 2);
    for (let i = 0; i < 50 * 40; i++) px.set([128, i % 50 < 25 ? 0 : 255], i * 2);
    const input = await sharp(px, { raw: { width: 50, height: 40, channels: 2 } }).png().toBuffer();
    const result = await processImage(input);
    const { data, info } = await sharp(result.variants[0].body).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0); // top-left: transparent
    expect(data[(49 * info.channels) + 3]).toBe(255); // top-right: opaque
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const result = await processImage(await animatedGif());
    expect([result.width, result.height]).toEqual([40, 40]);
    const meta = await sharp(result.variants[0].body).metadata();
    expect(meta.pages ?? 1).toBe(1);
    const { data } = await sharp(result.variants[0].body).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // frame 1 is red
    expect(data[1]).toBeLessThan(60);
  });

  it('refuses a PNG decompression bomb from its header, quickly', async () => {
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(64 * 1024);
    const started = performance.now();
    expect(await rejection(processImage(bomb))).toBe('too_many_pixels');
    expect(performance.now() - started).toBeLessThan(500); // a full decode of 100 MP takes seconds
  });

  it('honours a custom pixel limit', async () => {
    const input = await photo(200, 100);
    expect(await rejection(processImage(input, { maxPixels: 200 * 100 - 1 }))).toBe('too_many_pixels');
    expect((await processImage(input, { maxPixels: 200 * 100 })).width).toBe(200);
  });

  it('refuses a truncated JPEG as unreadable', async () => {
    const jpeg = await photo(640, 480);
    expect(await rejection(processImage(jpeg.subarray(0, Math.floor(jpeg.length / 2))))).toBe('unreadable');
  });

  it('refuses garbage behind a valid magic number as unreadable', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect(await rejection(processImage(png))).toBe('unreadable');
  });

  it('refuses HTML, SVG and text without handing them to the decoder', async () => {
    expect(await rejection(processImage(fakeJpegHtml()))).toBe('unreadable');
    expect(await rejection(processImage(svgWithScript()))).toBe('unreadable');
    expect(await rejection(processImage(Buffer.from('hello')))).toBe('unreadable');
  });

  it(`processes at most ${IMAGE_CONCURRENCY} images at once; the rest queue and all finish`, async () => {
    const input = await photo(400, 300);
    const jobs = Array.from({ length: 5 }, () => processImage(input));
    // processImage takes a slot or joins the queue synchronously.
    expect(imagePipelineLoad()).toEqual({ active: IMAGE_CONCURRENCY, waiting: 5 - IMAGE_CONCURRENCY, limit: IMAGE_CONCURRENCY });
    const results = await Promise.all(jobs);
    expect(results.every((r) => r.width === 400)).toBe(true);
    expect(imagePipelineLoad()).toMatchObject({ active: 0, waiting: 0 });
  });

  it('frees its slot when an image is rejected', async () => {
    const bomb = await pngBomb();
    await Promise.allSettled(Array.from({ length: 4 }, () => processImage(bomb)));
    expect(imagePipelineLoad()).toMatchObject({ active: 0, waiting: 0 });
  });
});

/**
 * An animated image of `frames` frames: black with one white pixel that moves on every frame (encoders
 * merge identical frames, so each frame must differ clearly from the one before).
 */
function framesOf(width: number, height: number, frames: number, format: 'gif' | 'webp') {
  const px = Buffer.alloc(width * height * 3 * frames);
  for (let f = 0; f < frames; f++) px.fill(255, (f * width * height + (f % (width * height))) * 3, (f * width * height + (f % (width * height)) + 1) * 3);
  const image = sharp(px, { raw: { width, height: height * frames, channels: 3, pageHeight: height } });
  return format === 'gif' ? image.gif({ delay: 80 }).toBuffer() : image.webp({ delay: 80, lossless: true }).toBuffer();
}

describe('processSingleImage (chat attachments)', () => {
  const chat = (input: Buffer, opts: { maxPixels?: number } = {}) =>
    processSingleImage(input, { maxWidth: 1080, keepAnimation: true, ...opts });

  it('makes one WebP at most 1080 px wide, aspect ratio kept, not enlarged', async () => {
    const wide = await chat(await twelveMegapixelJpeg());
    expect([wide.width, wide.height, wide.animated]).toEqual([1080, 810, false]);
    const meta = await sharp(wide.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1080, 810]);
    const small = await chat(await photo(50, 30, 'png'));
    expect([small.width, small.height]).toEqual([50, 30]);
  });

  it('applies the EXIF orientation and strips every piece of metadata', async () => {
    const result = await chat(await jpegWithGps());
    expect([result.width, result.height]).toEqual([400, 600]);
    await expectCleanWebp({ width: result.width, height: result.height, variants: [{ suffix: '', ...result }] });
  });

  it('keeps an animated GIF animated: every frame, its timing and loop count', async () => {
    const result = await chat(await animatedGif());
    expect([result.width, result.height, result.animated]).toEqual([40, 40, true]);
    const meta = await sharp(result.body, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.pageHeight, meta.loop]).toEqual(['webp', 3, 40, 0]);
    expect(meta.delay).toEqual([100, 100, 100]);
    expect(meta.exif).toBeUndefined();
  });

  it('keeps an animated WebP animated, and scales every frame of a wide animation', async () => {
    const webp = await chat(await framesOf(1600, 200, 4, 'webp'));
    expect([webp.width, webp.height, webp.animated]).toEqual([1080, 135, true]);
    expect((await sharp(webp.body, { animated: true }).metadata()).pages).toBe(4);
  });

  it('without keepAnimation, or for a single frame, the result is still', async () => {
    const still = await processSingleImage(await animatedGif(), { maxWidth: 1080 });
    expect(still.animated).toBe(false);
    expect((await sharp(still.body).metadata()).pages ?? 1).toBe(1);
    expect((await chat(await photo(30, 20, 'gif'))).animated).toBe(false);
  });

  it('the pixel limit counts every frame of an animation', async () => {
    const gif = await framesOf(100, 100, 5, 'gif');
    expect(await rejection(chat(gif, { maxPixels: 100 * 100 * 5 - 1 }))).toBe('too_many_pixels');
    expect((await chat(gif, { maxPixels: 100 * 100 * 5 })).animated).toBe(true);
    // Taken still (no keepAnimation), only the first frame is decoded: one frame's pixels are enough.
    expect((await processSingleImage(gif, { maxWidth: 1080, maxPixels: 100 * 100 })).animated).toBe(false);
  });

  it(`refuses an animation of more than ${ANIMATION_MAX_FRAMES} frames as too large`, async () => {
    const many = await framesOf(2, 2, ANIMATION_MAX_FRAMES + 1, 'gif');
    expect(await rejection(chat(many))).toBe('too_many_pixels');
  });

  it('refuses a bomb, a corrupt file and non-images like processImage does', async () => {
    expect(await rejection(chat(await pngBomb()))).toBe('too_many_pixels');
    const jpeg = await photo(640, 480);
    expect(await rejection(chat(jpeg.subarray(0, jpeg.length / 2)))).toBe('unreadable');
    expect(await rejection(chat(svgWithScript()))).toBe('unreadable');
    expect(await rejection(chat(fakeJpegHtml()))).toBe('unreadable');
    expect(imagePipelineLoad()).toMatchObject({ active: 0, waiting: 0 });
  });
});

describe('createFifoLimit', () => {
  it('runs at most max tasks at once and starts waiters in arrival order, also after failures', async () => {
    const limit = createFifoLimit(2);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const task = (n: number) =>
      limit.run(async () => {
        started.push(n);
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        if (n === 1) throw new Error('task 1 fails');
        return n;
      });
    const results = [1, 2, 3, 4, 5].map((n) => task(n).catch((e: Error) => e.message));
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect([limit.active, limit.waiting]).toEqual([2, 3]);
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(results)).toEqual(['task 1 fails', 2, 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });
});
