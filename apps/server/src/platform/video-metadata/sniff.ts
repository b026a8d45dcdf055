/*
 * Which video container a file is, from its first bytes only (never the file name or the client's MIME type).
 * Used by every route that stores a video (chat attachments, the landing cover video).
 */

export type VideoFormat = 'mp4' | 'mov' | 'webm';

/** Enough bytes for every check below (the ftyp box and the EBML header sit at the very start). */
export const VIDEO_SNIFF_BYTES = 256;

/** Stored name extension and served type of each video container. */
export const VIDEO_TYPES: Record<VideoFormat, { extension: string; contentType: string }> = {
  mp4: { extension: 'mp4', contentType: 'video/mp4' },
  mov: { extension: 'mov', contentType: 'video/quicktime' },
  webm: { extension: 'webm', contentType: 'video/webm' },
};

/**
 * ISO-BMFF brands of MP4 video as phones, cameras, screen recorders and encoders write them. Audio-only
 * (M4A, M4B), HEIF/AVIF images and 3GPP-only files are not among them.
 */
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso8', 'iso9',
  'mp41', 'mp42', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'mmp4', 'MSNV', 'dash', 'XAVC',
]);
/** Audio-only MP4 (iTunes audio, audiobooks, protected audio, Flash audio): they list `isom`/`mp42` too. */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);
/** HEIF still-image brands: a file that names one of them is an image container, never a video. */
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'miaf', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'avif', 'avis', 'avci']);

const ascii = (buf: Buffer, start: number, end: number) => (buf.length >= end ? buf.toString('latin1', start, end) : '');

/** The brands of a leading `ftyp` box (major first), or null when the file does not start with one. */
function ftypBrands(head: Buffer): string[] | null {
  if (ascii(head, 4, 8) !== 'ftyp') return null;
  const boxSize = head.readUInt32BE(0);
  if (boxSize < 16) return null;
  const end = Math.min(boxSize, head.length);
  const brands = [ascii(head, 8, 12)];
  // Bytes 12..16 are the minor version, then the compatible brands.
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(head, at, at + 4));
  return brands;
}

function sniffIsoVideo(head: Buffer): VideoFormat | null {
  const brands = ftypBrands(head);
  if (!brands) return null;
  if (brands.some((b) => HEIF_BRANDS.has(b)) || AUDIO_BRANDS.has(brands[0]!)) return null;
  if (brands[0] === 'qt  ') return 'mov';
  // The major brand, or a generic compatible one behind a vendor's major brand (Sony's XAVC, Android's 3gp4...).
  return brands.some((b) => MP4_BRANDS.has(b)) ? 'mp4' : null;
}

/**
 * An EBML variable-size integer at `at`: its value and length, or null when the bytes are not one (or are
 * cut off). `mask` keeps the length marker bit for element IDs (whose marker is part of the id).
 */
function readVint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // 1 for 1xxxxxxx, 2 for 01xxxxxx, ... 8 for 00000001
  if (length > 8 || at + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + buf[at + i]!;
  return { value, length };
}

const EBML_ID = 0x1a45dfa3;
const DOCTYPE_ID = 0x4282;

/** WebM: an EBML header whose DocType is `webm` (Matroska's `matroska` is refused: browsers do not all play it). */
function sniffWebm(head: Buffer): VideoFormat | null {
  if (head.length < 4 || head.readUInt32BE(0) !== EBML_ID) return null;
  const size = readVint(head, 4, false);
  if (!size) return null;
  let at = 4 + size.length;
  const end = Math.min(at + size.value, head.length);
  while (at < end) {
    const id = readVint(head, at, true);
    if (!id) return null;
    const len = readVint(head, at + id.length, false);
    if (!len) return null;
    const start = at + id.length + len.length;
    if (id.value === DOCTYPE_ID) return ascii(head, start, start + len.value) === 'webm' ? 'webm' : null;
    at = start + len.value;
  }
  return null;
}

/** The video container from the file's first bytes (VIDEO_SNIFF_BYTES are enough), or null when it is not one we store. */
export function sniffVideoFormat(head: Buffer): VideoFormat | null {
  return sniffIsoVideo(head) ?? sniffWebm(head);
}
