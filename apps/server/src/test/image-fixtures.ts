import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/*
 * Test images built in memory (no binary files in the repository). Pixels come from a seeded generator,
 * so every run produces the same bytes.
 */

export type FixtureFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** Deterministic pseudo-random bytes (xorshift32). */
function noise(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s & 0xff;
  };
}

/**
 * RGB pixels: a diagonal colour gradient with some per-pixel noise, so encoders cannot compress it to
 * nothing (it behaves roughly like a photo, not like a flat test card).
 */
function photoPixels(width: number, height: number, seed = 1): Buffer {
  const next = noise(seed);
  const px = Buffer.allocUnsafe(width * height * 3);
  let i = 0;
  for (let y = 0; y < height; y++) {
    const gy = (y * 255) / height;
    for (let x = 0; x < width; x++) {
      const gx = (x * 255) / width;
      const n = (next() >> 3) - 16; // -16..15
      px[i++] = Math.max(0, Math.min(255, gx + n));
      px[i++] = Math.max(0, Math.min(255, gy + n));
      px[i++] = Math.max(0, Math.min(255, 255 - (gx + gy) / 2 + n));
    }
  }
  return px;
}

function encode(image: Sharp, format: FixtureFormat): Promise<Buffer> {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 85 }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp().toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'avif':
      return image.avif({ effort: 0 }).toBuffer();
  }
}

/** A photo-like image of the given size and format (JPEG by default). */
export function photo(width: number, height: number, format: FixtureFormat = 'jpeg'): Promise<Buffer> {
  return encode(sharp(photoPixels(width, height), { raw: { width, height, channels: 3 } }), format);
}

let twelveMp: Promise<Buffer> | undefined;
/** A 4000x3000 photo-like JPEG (about 2 MB), built once per process: for the pipeline test and benchmarks. */
export function twelveMegapixelJpeg(): Promise<Buffer> {
  twelveMp ??= photo(4000, 3000, 'jpeg');
  return twelveMp;
}

/** Where jpegWithGps() claims it was taken; tests look for these bytes in the output. */
export const GPS_MAP_DATUM = 'WGS-84';
export const XMP_SECRET = 'Secret Photographer';

/**
 * A 600x400 JPEG as a phone writes it: stored sideways with EXIF Orientation 6 (so it displays as
 * 400x600), with GPS coordinates, camera make, XMP and a Display P3 ICC profile. The stored left half
 * is red and the right half blue, so after correct orientation the top is red and the bottom blue.
 */
export function jpegWithGps(): Promise<Buffer> {
  const width = 600;
  const height = 400;
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) px[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
  }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 2994/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 984/100',
        GPSMapDatum: GPS_MAP_DATUM,
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
        `<dc:creator>${XMP_SECRET}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`,
    )
    .withIccProfile('p3')
    .jpeg({ quality: 90 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real PNG decompression bomb: 10000x10000 (100 million pixels, 300+ MB once decoded to RGB) in a
 * file of about 12 KB. Built by hand as 1-bit greyscale, all zero, so making it is fast.
 */
export function pngBomb(size = 10_000): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  // compression, filter and interlace methods stay 0
  const rowBytes = 1 + Math.ceil(size / 8); // filter byte + packed pixels
  const idat = deflateSync(Buffer.alloc(rowBytes * size), { level: 9 });
  return Promise.resolve(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', idat),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** An HTML page with a script, as someone would upload it renamed to photo.jpg. */
export function fakeJpegHtml(): Buffer {
  return Buffer.from('<!DOCTYPE html>\n<html><body><script>alert(document.cookie)</script></body></html>\n');
}

/** An SVG with a script: must never be accepted as an image. */
export function svgWithScript(): Buffer {
  return Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
      '<script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>\n',
  );
}

/** A 40x40 animated GIF with 3 frames (red, green, blue). */
export function animatedGif(): Promise<Buffer> {
  const side = 40;
  const frame = side * side * 3;
  const px = Buffer.alloc(frame * 3);
  for (let f = 0; f < 3; f++) for (let i = 0; i < side * side; i++) px[f * frame + i * 3 + f] = 255;
  return sharp(px, { raw: { width: side, height: side * 3, channels: 3, pageHeight: side } })
    .gif({ delay: 100 })
    .toBuffer();
}
