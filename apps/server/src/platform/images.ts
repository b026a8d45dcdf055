import os from 'node:os';
import sharp, { type OutputInfo } from 'sharp';
import { LIMITS } from '@bayclub/shared';

/*
 * The image pipeline every upload goes through: decide the type from the bytes, refuse decompression
 * bombs before decoding, apply the EXIF orientation, strip every piece of metadata (GPS included) and
 * re-encode to three WebP sizes.
 *
 * Memory and CPU: a 12 MP photo decodes to ~36 MB of pixels, so ten simultaneous uploads must not all
 * decode at once. At most IMAGE_CONCURRENCY images are processed at a time; the rest wait in FIFO order.
 * - sharp.cache(false): libvips' operation cache keeps recent inputs and results in memory (50 MB by
 *   default) hoping for a repeat; every upload is new, so it would only hold memory.
 * - sharp.concurrency(1): libvips threads per image. With IMAGE_CONCURRENCY images (2 at most) and one
 *   thread each, image work never takes more than two cores and the event loop keeps answering
 *   requests (health checks within 200 ms under load). It is also sharp's own default on glibc Linux,
 *   where more threads fragment the allocator's memory.
 */
sharp.cache(false);
sharp.concurrency(1);

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, start: number, end: number) => (buf.length >= end ? buf.toString('latin1', start, end) : '');

/**
 * The image format from the file's first bytes only (never its name or the client's MIME type).
 * Anything we do not accept (SVG, HTML, text, PDF, TIFF, HEIC...) gives null. 32 bytes are enough.
 */
export function sniffImageFormat(head: Buffer): ImageFormat | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  const gif = ascii(head, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  // ISO-BMFF: [size][ftyp][major brand][minor version][compatible brands...]. AVIF says avif/avis as
  // its major brand or, behind a generic major brand such as mif1, among the compatible ones.
  if (ascii(head, 4, 8) === 'ftyp') {
    const boxSize = head.readUInt32BE(0);
    const end = Math.min(boxSize, head.length, 64);
    if (boxSize >= 16) {
      const brands = [ascii(head, 8, 12)];
      for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(head, at, at + 4));
      if (brands.includes('avif') || brands.includes('avis')) return 'avif';
    }
  }
  return null;
}

export type ImageRejectedReason = 'unreadable' | 'too_many_pixels';

/** The client's image cannot be used; routes map the reason to the spec's message (400). */
export class ImageRejected extends Error {
  constructor(
    readonly reason: ImageRejectedReason,
    options?: { cause?: unknown },
  ) {
    super(reason === 'too_many_pixels' ? 'Image has too many pixels' : 'Image could not be read', options);
    this.name = 'ImageRejected';
  }
}

export type ImageVariantSuffix = '' | '-480' | '-160';

export interface ImageVariant {
  /** Appended to the stored name's base: `{base}{suffix}.webp`. */
  suffix: ImageVariantSuffix;
  width: number;
  height: number;
  /** WebP bytes, no metadata. */
  body: Buffer;
}

export interface ProcessedImage {
  /** Size of the large variant (the one `{base}.webp` serves), after orientation. */
  width: number;
  height: number;
  /** Large, medium, small: always all three (an image narrower than a size is not enlarged). */
  variants: ImageVariant[];
}

const { large, medium, small } = LIMITS.imageVariantWidths;
const VARIANT_SIZES: ReadonlyArray<{ suffix: ImageVariantSuffix; width: number }> = [
  { suffix: '', width: large },
  { suffix: `-${medium}` as ImageVariantSuffix, width: medium },
  { suffix: `-${small}` as ImageVariantSuffix, width: small },
];
/** WebP cannot be taller than this; a very tall strip is scaled down to fit. */
const WEBP_MAX_DIMENSION = 16383;
/** Quality 80 is sharp's default and good for photos; effort 4 (of 0-6) is the speed/size sweet spot. */
const WEBP_OPTIONS = { quality: 80, effort: 4 } as const;

/** A FIFO-fair limit on how many async tasks run at once; a freed slot goes to the longest waiter. */
export function createFifoLimit(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < max) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        // Hand the slot straight to the next waiter (active stays the same) so no newcomer can jump the queue.
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}

export const IMAGE_CONCURRENCY = Math.min(2, os.availableParallelism());
const imageSlots = createFifoLimit(IMAGE_CONCURRENCY);

/** How busy the pipeline is (for tests and metrics). */
export const imagePipelineLoad = () => ({ active: imageSlots.active, waiting: imageSlots.waiting, limit: IMAGE_CONCURRENCY });

/**
 * Re-encode an uploaded image to the three WebP variants. Throws ImageRejected for input that is not
 * one of our formats, is corrupt, or has more than `maxPixels` pixels (checked from the header, before
 * any pixel is decoded). Animated GIF/WebP: only the first frame is kept (a still photo is what a
 * profile or gallery shows, and it keeps the work per upload bounded).
 */
export async function processImage(input: Buffer, opts: { maxPixels?: number } = {}): Promise<ProcessedImage> {
  // libvips would also open SVG, PDF, TIFF, HEIC...: only the formats we accept ever reach it.
  if (!sniffImageFormat(input)) throw new ImageRejected('unreadable');
  const maxPixels = opts.maxPixels ?? LIMITS.imageMaxPixels;
  return imageSlots.run(() => encodeVariants(input, maxPixels));
}

async function encodeVariants(input: Buffer, maxPixels: number): Promise<ProcessedImage> {
  // Decode once, straight to the large size: orientation first (autoOrient), then the resize, which
  // lets JPEG decode at 1/2, 1/4 or 1/8 scale (shrink-on-load). The result is raw sRGB pixels with no
  // metadata at all: ICC profiles are applied (converted to sRGB) and dropped, EXIF/XMP/IPTC never
  // reach the output. The smaller sizes are made from these pixels instead of decoding again.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, {
      limitInputPixels: maxPixels,
      // Reject corrupt and truncated data, but tolerate the harmless libjpeg warnings some phones trigger.
      failOn: 'error',
      sequentialRead: true,
    })
      .autoOrient()
      .resize({ width: large, height: WEBP_MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
    throw new ImageRejected(tooBig ? 'too_many_pixels' : 'unreadable', { cause: err });
  }

  const { width, height, channels } = pixels.info;
  const raw = { width, height, channels: channels as 3 | 4 };
  const variants: ImageVariant[] = [];
  // One after another rather than in parallel: each encode holds a libuv thread, and the pool (4
  // threads) is shared with file-system and crypto work of other requests.
  for (const size of VARIANT_SIZES) {
    let pipeline = sharp(pixels.data, { raw });
    if (size.width < width) pipeline = pipeline.resize({ width: size.width });
    const { data, info } = await pipeline.webp(WEBP_OPTIONS).toBuffer({ resolveWithObject: true });
    variants.push({ suffix: size.suffix, width: info.width, height: info.height, body: data });
  }
  return { width, height, variants };
}

export interface EncodedImage {
  body: Buffer;
  width: number;
  height: number;
  contentType: 'image/png' | 'image/webp';
  extension: 'png' | 'webp';
}

/**
 * One re-encoded image for site assets: the favicon as a square PNG (transparent padding, 512 px at most),
 * the landing cover as one wide WebP (it fills a desktop screen, so it is larger than the member variants).
 * Same guarantees as processImage: type from the bytes, pixel limit, EXIF rotation, no metadata.
 */
export async function processSiteAsset(input: Buffer, kind: 'favicon' | 'badge' | 'cover', opts: { maxPixels?: number } = {}): Promise<EncodedImage> {
  if (!sniffImageFormat(input)) throw new ImageRejected('unreadable');
  const maxPixels = opts.maxPixels ?? LIMITS.imageMaxPixels;
  return imageSlots.run(async () => {
    try {
      const pipeline = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).autoOrient().toColourspace('srgb');
      // Icons keep their transparency (PNG), squared: 512 px for home screens, 128 px for the verified badge (shown at 24).
      const iconSize = kind === 'favicon' ? 512 : kind === 'badge' ? 128 : null;
      const { data, info } =
        iconSize
          ? await pipeline
              .resize({ width: iconSize, height: iconSize, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 }, withoutEnlargement: true })
              .png()
              .toBuffer({ resolveWithObject: true })
          : await pipeline
              .resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true })
              .webp(WEBP_OPTIONS)
              .toBuffer({ resolveWithObject: true });
      return iconSize
        ? { body: data, width: info.width, height: info.height, contentType: 'image/png', extension: 'png' }
        : { body: data, width: info.width, height: info.height, contentType: 'image/webp', extension: 'webp' };
    } catch (err) {
      const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
      throw new ImageRejected(tooBig ? 'too_many_pixels' : 'unreadable', { cause: err });
    }
  });
}

export interface SingleImage {
  /** WebP bytes, no metadata; animated when `animated`. */
  body: Buffer;
  width: number;
  /** Height of one frame. */
  height: number;
  /** The WebP has more than one frame (an animated GIF or WebP kept its animation). */
  animated: boolean;
}

/**
 * An animation with more frames than this is refused as too large, whatever its pixel count: every frame is
 * encoded one by one, so the frame count bounds the encoding time of tiny-but-endless animations.
 */
export const ANIMATION_MAX_FRAMES = 1000;

/**
 * One re-encoded WebP at most `maxWidth` px wide (chat attachments need one size, not three variants).
 * Same guarantees as processImage: type from the bytes, pixel limit before decoding, EXIF rotation, no
 * metadata. With `keepAnimation`, an animated GIF or WebP keeps every frame with its timing and loop count
 * (libvips reads the frames as one tall strip, so the pixel limit counts all frames together and a long
 * animation cannot decode to more memory than one large photo). Without it, or for a single frame, the
 * result is a still image.
 */
export async function processSingleImage(
  input: Buffer,
  opts: { maxWidth: number; maxPixels?: number; keepAnimation?: boolean },
): Promise<SingleImage> {
  const format = sniffImageFormat(input);
  if (!format) throw new ImageRejected('unreadable');
  const maxPixels = opts.maxPixels ?? LIMITS.imageMaxPixels;
  return imageSlots.run(async () => {
    try {
      let animated = false;
      if (opts.keepAnimation && (format === 'gif' || format === 'webp')) {
        // The header (frame count) only; nothing is decoded yet.
        const pages = (await sharp(input, { failOn: 'error', limitInputPixels: maxPixels }).metadata()).pages ?? 1;
        if (pages > ANIMATION_MAX_FRAMES) throw new ImageRejected('too_many_pixels');
        animated = pages > 1;
      }
      const { data, info } = await sharp(input, { limitInputPixels: maxPixels, failOn: 'error', animated })
        .autoOrient()
        // For an animation the height is that of one frame: sharp resizes frame by frame.
        .resize({ width: opts.maxWidth, height: WEBP_MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .webp(WEBP_OPTIONS)
        .toBuffer({ resolveWithObject: true });
      return { body: data, width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height, animated };
    } catch (err) {
      if (err instanceof ImageRejected) throw err;
      const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
      throw new ImageRejected(tooBig ? 'too_many_pixels' : 'unreadable', { cause: err });
    }
  });
}
