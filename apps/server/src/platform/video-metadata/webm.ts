import { malformed } from './rejected.js';

/*
 * Metadata out of WebM files without moving a byte: every element playback does not need becomes an EBML
 * Void element (ID 0xEC) of the same total size, zero-filled, so the positions SeekHead and Cues hold stay
 * right.
 *
 * A whitelist: in the Segment only SeekHead, Info, Tracks, Cluster and Cues stay; Tags (where a location
 * is written), Chapters, Attachments and anything unknown go. Info keeps its timestamp scale and duration
 * (title, date, muxing and writing apps, segment ids go); a track entry keeps what decoding needs (its name
 * and codec name go). Only video and audio tracks stay: the entries of other tracks (subtitles, metadata)
 * and their blocks in the clusters are voided. SeekHead entries that point at a voided element are voided
 * too. CRC-32 elements are voided everywhere, as blanking a child would make them wrong.
 *
 * Only a Segment and a Cluster may have an unknown size (browsers' MediaRecorder writes both): such a
 * Cluster ends where the next top-level element of the Segment begins, such a Segment at the end of the file.
 */

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const SEEK_HEAD = 0x114d9b74;
const SEEK = 0x4dbb;
const SEEK_ID = 0x53ab;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;
const CUES = 0x1c53bb6b;
const TAGS = 0x1254c367;
const CHAPTERS = 0x1043a770;
const ATTACHMENTS = 0x1941a469;
const VOID = 0xec;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;

/** Elements that can only be children of a Segment (or the file): one of them ends an unknown-size Cluster. */
const SEGMENT_LEVEL = new Set([EBML, SEGMENT, SEEK_HEAD, INFO, TRACKS, CLUSTER, CUES, TAGS, CHAPTERS, ATTACHMENTS]);
/** What a SeekHead may keep pointing at. */
const SEEKABLE = new Set([SEEK_HEAD, INFO, TRACKS, CLUSTER, CUES]);

const INFO_KEEP = new Set([
  0x2ad7b1, // TimestampScale
  0x4489, // Duration
]);

const TRACK_ENTRY_KEEP = new Set([
  TRACK_NUMBER, TRACK_TYPE,
  0x73c5, // TrackUID
  0xb9, 0x88, 0x55aa, 0x9c, // FlagEnabled, FlagDefault, FlagForced, FlagLacing
  0x6de7, 0x6df8, // MinCache, MaxCache
  0x23e383, 0x234e7a, 0x23314f, // DefaultDuration, DefaultDecodedFieldDuration, TrackTimestampScale
  0x55ee, 0x41e4, // MaxBlockAdditionID, BlockAdditionMapping
  0x22b59c, 0x22b59d, // Language, LanguageBCP47
  0x86, 0x63a2, 0xaa, 0x56aa, 0x56bb, // CodecID, CodecPrivate, CodecDecodeAll, CodecDelay, SeekPreRoll
  0xe0, 0xe1, // Video, Audio
  0x6d80, // ContentEncodings (encryption)
]);

const CLUSTER_KEEP = new Set([
  0xe7, 0xa7, 0xab, // Timestamp, Position, PrevSize
  SIMPLE_BLOCK, BLOCK_GROUP,
]);

const BLOCK_GROUP_KEEP = new Set([
  BLOCK,
  0x75a1, // BlockAdditions (VP9 alpha)
  0x9b, 0xfa, 0xfb, 0xa4, 0x75a2, // BlockDuration, ReferencePriority, ReferenceBlock, CodecState, DiscardPadding
]);

/** TrackType values of the tracks a player shows or plays. */
const MEDIA_TRACK_TYPES = new Set([1, 2]);

interface Element {
  id: number;
  start: number;
  data: number;
  /** For an unknown size: the end of its parent, until its children say otherwise. */
  end: number;
  unknownSize: boolean;
}

/**
 * An EBML variable-size integer: its length, its value with the length marker kept (ids) or dropped (sizes),
 * and whether its value bits are all ones (an unknown size; a reserved id) or all zeros (an invalid id).
 */
function readVint(buf: Buffer, at: number, end: number, maxLength: number, keepMarker: boolean) {
  const first = buf[at];
  if (at >= end || first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // 1 for 1xxxxxxx, 2 for 01xxxxxx, ... 8 for 00000001
  if (length > maxLength || at + length > end) return null;
  const valueBits = first & (0xff >> length);
  let value = keepMarker ? first : valueBits;
  let allOnes = valueBits === 0xff >> length;
  let allZero = valueBits === 0;
  for (let i = 1; i < length; i++) {
    const byte = buf[at + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
    allZero &&= byte === 0;
  }
  return { value, length, allOnes, allZero };
}

function readElement(buf: Buffer, at: number, end: number): Element {
  const id = readVint(buf, at, end, 4, true);
  if (!id || id.allOnes || id.allZero) throw malformed(`no element id at ${at}`);
  const size = readVint(buf, at + id.length, end, 8, false);
  if (!size) throw malformed(`element ${id.value.toString(16)} at ${at}: its size is not readable`);
  const data = at + id.length + size.length;
  if (size.allOnes) return { id: id.value, start: at, data, end, unknownSize: true };
  if (size.value > end - data) throw malformed(`element ${id.value.toString(16)} at ${at} runs past its parent`);
  return { id: id.value, start: at, data, end: data + size.value, unknownSize: false };
}

function knownSize(el: Element): Element {
  if (el.unknownSize) throw malformed(`element ${el.id.toString(16)} at ${el.start} has an unknown size`);
  return el;
}

/** The elements laid end to end in [start, end), none of unknown size. */
function* elementsIn(buf: Buffer, start: number, end: number): Generator<Element> {
  for (let at = start; at < end; ) {
    const el = knownSize(readElement(buf, at, end));
    yield el;
    at = el.end;
  }
}

function unsignedValue(buf: Buffer, el: Element): number {
  if (el.end - el.data > 8) throw malformed(`element ${el.id.toString(16)} at ${el.start} is too long for a number`);
  let value = 0;
  for (let i = el.data; i < el.end; i++) value = value * 256 + buf[i]!;
  return value;
}

class Plan {
  readonly voids: Element[] = [];
  readonly keptTracks = new Set<number>();

  constructor(readonly buf: Buffer) {}

  keepOnly(parent: Element, keep: ReadonlySet<number>) {
    for (const el of elementsIn(this.buf, parent.data, parent.end)) if (!keep.has(el.id)) this.voids.push(el);
  }
}

function walkSegment(plan: Plan, segment: Element): number {
  const { buf } = plan;
  let at = segment.data;
  while (at < segment.end) {
    const el = readElement(buf, at, segment.end);
    // Another EBML header or Segment after one of unknown size: this one ends here.
    if (segment.unknownSize && (el.id === EBML || el.id === SEGMENT)) return at;
    if (el.id === CLUSTER) {
      at = walkCluster(plan, el);
      continue;
    }
    knownSize(el);
    switch (el.id) {
      case SEEK_HEAD:
        walkSeekHead(plan, el);
        break;
      case INFO:
        plan.keepOnly(el, INFO_KEEP);
        break;
      case TRACKS:
        walkTracks(plan, el);
        break;
      case CUES:
        break;
      default:
        plan.voids.push(el);
    }
    at = el.end;
  }
  return segment.end;
}

function walkSeekHead(plan: Plan, seekHead: Element) {
  const { buf } = plan;
  for (const seek of elementsIn(buf, seekHead.data, seekHead.end)) {
    if (seek.id !== SEEK) {
      plan.voids.push(seek);
      continue;
    }
    let target: number | null = null;
    for (const el of elementsIn(buf, seek.data, seek.end)) if (el.id === SEEK_ID) target = unsignedValue(buf, el);
    if (target === null || !SEEKABLE.has(target)) plan.voids.push(seek);
  }
}

function walkTracks(plan: Plan, tracks: Element) {
  const { buf } = plan;
  for (const entry of elementsIn(buf, tracks.data, tracks.end)) {
    if (entry.id !== TRACK_ENTRY) {
      plan.voids.push(entry);
      continue;
    }
    let number: number | null = null;
    let type: number | null = null;
    for (const el of elementsIn(buf, entry.data, entry.end)) {
      if (el.id === TRACK_NUMBER) number = unsignedValue(buf, el);
      if (el.id === TRACK_TYPE) type = unsignedValue(buf, el);
    }
    if (number === null || type === null || !MEDIA_TRACK_TYPES.has(type)) {
      plan.voids.push(entry);
      continue;
    }
    plan.keptTracks.add(number);
    plan.keepOnly(entry, TRACK_ENTRY_KEEP);
  }
}

/** Walks a Cluster and answers where it ends (for an unknown size: where the next Segment-level element begins). */
function walkCluster(plan: Plan, cluster: Element): number {
  const { buf } = plan;
  let at = cluster.data;
  while (at < cluster.end) {
    const el = readElement(buf, at, cluster.end);
    if (cluster.unknownSize && SEGMENT_LEVEL.has(el.id)) return at;
    knownSize(el);
    if (!CLUSTER_KEEP.has(el.id)) plan.voids.push(el);
    else if (el.id === SIMPLE_BLOCK) {
      if (!plan.keptTracks.has(trackOfBlock(buf, el))) plan.voids.push(el);
    } else if (el.id === BLOCK_GROUP) walkBlockGroup(plan, el);
    at = el.end;
  }
  return cluster.end;
}

function walkBlockGroup(plan: Plan, group: Element) {
  let track: number | null = null;
  for (const el of elementsIn(plan.buf, group.data, group.end)) if (el.id === BLOCK) track = trackOfBlock(plan.buf, el);
  if (track === null || !plan.keptTracks.has(track)) plan.voids.push(group);
  else plan.keepOnly(group, BLOCK_GROUP_KEEP);
}

/** A block starts with its track number. */
function trackOfBlock(buf: Buffer, block: Element): number {
  const track = readVint(buf, block.data, block.end, 8, false);
  if (!track) throw malformed(`block at ${block.start} has no track number`);
  return track.value;
}

/** Overwrite [el.start, el.end) with a Void element of the same total size: id, the shortest size that fits, zeros. */
function writeVoid(out: Buffer, el: Element) {
  // A Void already: keep its header (so a clean file stays byte for byte the same), clear what it reserved.
  if (el.id === VOID) {
    out.fill(0, el.data, el.end);
    return;
  }
  const total = el.end - el.start;
  let sizeLength = 1;
  // A size of n bytes holds values below 2^(7n) - 1 (all ones means "unknown").
  while (total - 1 - sizeLength >= 2 ** (7 * sizeLength) - 1) sizeLength++;
  if (sizeLength > 8 || total < 1 + sizeLength) throw malformed(`element at ${el.start} cannot become a Void`);
  let size = total - 1 - sizeLength;
  out.fill(0, el.start, el.end);
  out[el.start] = VOID;
  for (let i = sizeLength; i >= 1; i--) {
    out[el.start + i] = size % 256;
    size = Math.floor(size / 256);
  }
  out[el.start + 1] = out[el.start + 1]! | (0x80 >> (sizeLength - 1));
}

/**
 * A copy of a WebM file with its metadata voided in place (same size, same positions).
 * Throws VideoRejected when the file does not hold together.
 */
export function stripWebmMetadata(input: Buffer): Buffer {
  const plan = new Plan(input);
  let at = 0;
  while (at < input.length) {
    const el = readElement(input, at, input.length);
    if (el.id === SEGMENT) {
      at = walkSegment(plan, el);
      continue;
    }
    knownSize(el);
    // The EBML header (which sniffing read) stays; anything else at the top is voided, Voids included.
    if (el.id !== EBML) plan.voids.push(el);
    at = el.end;
  }
  const out = Buffer.from(input);
  for (const el of plan.voids) writeVoid(out, el);
  return out;
}
