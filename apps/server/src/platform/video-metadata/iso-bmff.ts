import { malformed, VideoRejected } from './rejected.js';

/*
 * Metadata out of MP4 and QuickTime files (ISO-BMFF) without moving a byte. Every box playback does not need
 * becomes a `free` box of the same size with its payload zeroed, so the chunk offsets (stco/co64) that point
 * into `mdat` stay right and the file plays as before.
 *
 * A whitelist, not a blacklist: inside the boxes we walk (below) only the children a player needs survive;
 * everything else is blanked whole and never looked into: `udta` (QuickTime `©xyz`, 3GPP `loci`, `XMP_`,
 * vendor boxes), `meta` (Apple's keys/ilst with com.apple.quicktime.location.ISO6709; ISO and QuickTime
 * `meta` differ by a version/flags field, which does not matter when the whole box goes), `uuid` (XMP, Sony's
 * XML), and any box we do not know. Because blanked boxes are not walked, how deep they nest costs nothing.
 *
 * Tracks: only video (`vide`) and sound (`soun`) tracks are kept. Any other track (timed metadata such as
 * Apple's `mebx`, GoPro's `gpmd`, Sony's `rtmd`; DJI's subtitle track of GPS positions; timecode, hints...)
 * is blanked and its samples in `mdat` are zeroed, found through its stsc/stsz/stz2/stco/co64 tables. In a
 * fragmented file such samples are described by `moof` boxes instead; a fragment of a track we do not keep
 * refuses the file (`unremovable`) rather than guessing.
 *
 * Also cleared: the creation and modification times of mvhd/tkhd/mdhd, and data references (`dref` entries,
 * which in QuickTime can carry an alias with a volume name and a path) are made self-contained and zeroed.
 *
 * Not covered: what the codec itself carries inside the video bitstream (H.264/HEVC SEI messages) and the
 * sample descriptions (`stsd`), which are kept whole because players need them.
 */

interface Box {
  type: string;
  start: number;
  /** First byte after the size and type fields (and the 64-bit size, when there is one). */
  payload: number;
  end: number;
}

type Range = [start: number, end: number];

const ROOT = 'file';

/** The boxes we walk into, each with the children it keeps; a kept child that is a key here is walked too. */
const KEEP = new Map<string, ReadonlySet<string>>([
  [ROOT, new Set(['ftyp', 'moov', 'mdat', 'moof', 'mfra', 'styp', 'sidx', 'ssix', 'prft', 'pdin'])],
  ['moov', new Set(['mvhd', 'trak', 'mvex', 'iods'])],
  ['trak', new Set(['tkhd', 'edts', 'tref', 'mdia', 'tapt'])],
  ['edts', new Set(['elst'])],
  ['mdia', new Set(['mdhd', 'hdlr', 'minf', 'elng'])],
  // `hdlr` in minf is QuickTime's data handler; `gmhd` its header for text and timecode media.
  ['minf', new Set(['vmhd', 'smhd', 'hmhd', 'nmhd', 'sthd', 'gmhd', 'hdlr', 'dinf', 'stbl'])],
  ['dinf', new Set(['dref'])],
  [
    'stbl',
    new Set(['stsd', 'stts', 'ctts', 'cslg', 'stss', 'stps', 'stsh', 'sdtp', 'stsc', 'stsz', 'stz2', 'stco', 'co64', 'sbgp', 'sgpd', 'subs', 'saiz', 'saio', 'padb']),
  ],
  ['mvex', new Set(['mehd', 'trex', 'leva', 'trep'])],
  ['moof', new Set(['mfhd', 'traf'])],
  ['traf', new Set(['tfhd', 'tfdt', 'trun', 'sbgp', 'sgpd', 'subs', 'saiz', 'saio', 'senc', 'sdtp'])],
]);

/** Handler types of the tracks a player shows or plays; every other track is removed. */
const MEDIA_HANDLERS = new Set(['vide', 'soun']);

const isZero = (buf: Buffer, start: number, end: number) => {
  for (let i = start; i < end; i++) if (buf[i] !== 0) return false;
  return true;
};

/** The box at `at`, which must end by `end`. Size 0 ("to the end of the file") is allowed at the top level only. */
function readBox(buf: Buffer, at: number, end: number, topLevel: boolean): Box {
  if (end - at < 8) throw malformed(`a box header at ${at} is cut off`);
  const size = buf.readUInt32BE(at);
  const type = buf.toString('latin1', at + 4, at + 8);
  if (size === 1) {
    if (end - at < 16) throw malformed(`${type} at ${at}: its 64-bit size is cut off`);
    const large = buf.readBigUInt64BE(at + 8);
    if (large < 16n || large > BigInt(end - at)) throw malformed(`${type} at ${at}: its 64-bit size ${large} does not fit its parent`);
    return { type, start: at, payload: at + 16, end: at + Number(large) };
  }
  if (size === 0) {
    if (!topLevel) throw malformed(`${type} at ${at}: only a top-level box may run to the end of the file`);
    return { type, start: at, payload: at + 8, end };
  }
  if (size < 8 || size > end - at) throw malformed(`${type} at ${at}: its size ${size} does not fit its parent`);
  return { type, start: at, payload: at + 8, end: at + size };
}

/** The boxes laid end to end in [start, end). */
function* boxesIn(buf: Buffer, start: number, end: number, topLevel = false): Generator<Box> {
  let at = start;
  while (at < end) {
    // QuickTime may close a list of atoms with a 32-bit zero.
    if (end - at < 8 && isZero(buf, at, end)) return;
    const box = readBox(buf, at, end, topLevel);
    yield box;
    at = box.end;
  }
}

function childOf(buf: Buffer, parent: Box | undefined, type: string): Box | undefined {
  if (!parent) return undefined;
  for (const box of boxesIn(buf, parent.payload, parent.end)) if (box.type === type) return box;
  return undefined;
}

function need(box: Box, bytes: number) {
  if (box.end - box.payload < bytes) throw malformed(`${box.type} at ${box.start} is too short`);
}

/** What one pass over the file decided: nothing is written until the whole file has been read. */
class Plan {
  readonly blanks: Box[] = [];
  /** Bytes inside kept boxes to zero (times, data references). */
  readonly zeroes: Range[] = [];
  /** Offsets of data-reference flag bytes to mark "in this file". */
  readonly selfContained: number[] = [];
  /** Samples of removed tracks; each must lie inside one `mdat`. */
  readonly samples: Range[] = [];
  readonly mdats: Range[] = [];
  readonly keptTracks = new Set<number>();
  readonly fragmentTracks: number[] = [];

  constructor(readonly buf: Buffer) {}
}

function walk(plan: Plan, parentType: string, start: number, end: number) {
  const { buf } = plan;
  const keep = KEEP.get(parentType)!;
  for (const box of boxesIn(buf, start, end, parentType === ROOT)) {
    if (!keep.has(box.type)) {
      plan.blanks.push(box);
      continue;
    }
    switch (box.type) {
      case 'mdat':
        plan.mdats.push([box.payload, box.end]);
        break;
      case 'trak':
        walkTrack(plan, box);
        break;
      case 'mvhd':
      case 'tkhd':
      case 'mdhd':
        zeroTimes(plan, box);
        break;
      case 'dref':
        walkDataReferences(plan, box);
        break;
      case 'tfhd':
        need(box, 8);
        plan.fragmentTracks.push(buf.readUInt32BE(box.payload + 4));
        break;
      default:
        if (KEEP.has(box.type)) walk(plan, box.type, box.payload, box.end);
    }
  }
}

/** A media track is walked like any box; any other track is removed with its samples. */
function walkTrack(plan: Plan, trak: Box) {
  const { buf } = plan;
  const hdlr = childOf(buf, childOf(buf, trak, 'mdia'), 'hdlr');
  if (hdlr) need(hdlr, 12);
  const handler = hdlr ? buf.toString('latin1', hdlr.payload + 8, hdlr.payload + 12) : '';
  if (!MEDIA_HANDLERS.has(handler)) {
    plan.blanks.push(trak);
    for (const range of sampleRanges(buf, trak)) plan.samples.push(range);
    return;
  }
  const tkhd = childOf(buf, trak, 'tkhd');
  if (tkhd) {
    // After version and flags, the creation and modification times (64-bit in version 1), then the track id.
    const idAt = buf[tkhd.payload] === 1 ? 20 : 12;
    need(tkhd, idAt + 4);
    plan.keptTracks.add(buf.readUInt32BE(tkhd.payload + idAt));
  }
  walk(plan, 'trak', trak.payload, trak.end);
}

/** Creation and modification times (version 1: 64-bit each, version 0: 32-bit), right after version and flags. */
function zeroTimes(plan: Plan, box: Box) {
  const width = plan.buf[box.payload] === 1 ? 16 : 8;
  need(box, 4 + width);
  plan.zeroes.push([box.payload + 4, box.payload + 4 + width]);
}

/** Each entry (`url `, `urn `, QuickTime `alis`...) becomes "the media is in this file", its name or path zeroed. */
function walkDataReferences(plan: Plan, dref: Box) {
  need(dref, 8);
  for (const entry of boxesIn(plan.buf, dref.payload + 8, dref.end)) {
    need(entry, 4);
    plan.selfContained.push(entry.payload + 3);
    plan.zeroes.push([entry.payload + 4, entry.end]);
  }
}

/** Where a track's samples are in the file, one range per chunk, from its sample tables. */
function sampleRanges(buf: Buffer, trak: Box): Range[] {
  const stbl = childOf(buf, childOf(buf, childOf(buf, trak, 'mdia'), 'minf'), 'stbl');
  if (!stbl) return [];
  const tables = new Map<string, Box>();
  for (const box of boxesIn(buf, stbl.payload, stbl.end)) if (!tables.has(box.type)) tables.set(box.type, box);

  const offsets = chunkOffsets(buf, tables.get('stco') ?? tables.get('co64'));
  if (offsets.length === 0) return [];
  const stsc = tables.get('stsc');
  const sizes = sampleSizes(buf, tables.get('stsz') ?? tables.get('stz2'));
  if (!stsc || !sizes) throw malformed(`a track's chunks have no stsc or stsz`);
  need(stsc, 8);
  // Runs of chunks: first chunk, samples per chunk, sample description.
  const runs = buf.readUInt32BE(stsc.payload + 4);
  if (runs === 0 || runs * 12 > stsc.end - stsc.payload - 8) throw malformed(`stsc at ${stsc.start}: its entries do not fit`);
  const firstChunk = (run: number) => buf.readUInt32BE(stsc.payload + 8 + 12 * run);
  const samplesPerChunk = (run: number) => buf.readUInt32BE(stsc.payload + 12 + 12 * run);
  if (firstChunk(0) !== 1) throw malformed(`stsc at ${stsc.start} does not start at chunk 1`);

  const ranges: Range[] = [];
  let run = 0;
  let sample = 0;
  let total = 0;
  for (let chunk = 1; chunk <= offsets.length && sample < sizes.count; chunk++) {
    while (run + 1 < runs && firstChunk(run + 1) <= chunk) {
      if (firstChunk(run + 1) <= firstChunk(run)) throw malformed(`stsc at ${stsc.start} is out of order`);
      run++;
    }
    const count = Math.min(samplesPerChunk(run), sizes.count - sample);
    let length = 0;
    if (sizes.uniform) length = count * sizes.uniform;
    else for (let i = 0; i < count; i++) length += sizes.sizeOf(sample + i);
    sample += count;
    total += length;
    // Every sample lies in the file at most once: more than the file's length is a table that lies.
    if (total > buf.length) throw malformed(`a track's samples add up to more than the file`);
    if (length > 0) ranges.push([offsets[chunk - 1]!, offsets[chunk - 1]! + length]);
  }
  return ranges;
}

function chunkOffsets(buf: Buffer, box: Box | undefined): number[] {
  if (!box) return [];
  need(box, 8);
  const width = box.type === 'co64' ? 8 : 4;
  const count = buf.readUInt32BE(box.payload + 4);
  if (count * width > box.end - box.payload - 8) throw malformed(`${box.type} at ${box.start}: its entries do not fit`);
  const offsets: number[] = [];
  for (let i = 0, at = box.payload + 8; i < count; i++, at += width) {
    offsets.push(width === 8 ? Number(buf.readBigUInt64BE(at)) : buf.readUInt32BE(at));
  }
  return offsets;
}

interface SampleSizes {
  count: number;
  /** The size of every sample, or 0 when each has its own. */
  uniform: number;
  sizeOf: (index: number) => number;
}

function sampleSizes(buf: Buffer, box: Box | undefined): SampleSizes | null {
  if (!box) return null;
  need(box, 12);
  const count = buf.readUInt32BE(box.payload + 8);
  const table = box.payload + 12;
  const room = box.end - table;
  if (box.type === 'stsz') {
    const uniform = buf.readUInt32BE(box.payload + 4);
    if (uniform === 0 && count * 4 > room) throw malformed(`stsz at ${box.start}: its entries do not fit`);
    return { count, uniform, sizeOf: (i) => buf.readUInt32BE(table + 4 * i) };
  }
  // stz2: 4, 8 or 16 bits a sample.
  const bits = buf[box.payload + 7]!;
  if ((bits !== 4 && bits !== 8 && bits !== 16) || Math.ceil((count * bits) / 8) > room) {
    throw malformed(`stz2 at ${box.start}: its entries do not fit`);
  }
  const sizeOf =
    bits === 16
      ? (i: number) => buf.readUInt16BE(table + 2 * i)
      : bits === 8
        ? (i: number) => buf[table + i]!
        : (i: number) => (i % 2 === 0 ? buf[table + (i >> 1)]! >> 4 : buf[table + (i >> 1)]! & 0x0f);
  return { count, uniform: 0, sizeOf };
}

/** Each sample range must lie inside one `mdat` payload: zeroing it can then never touch a box header. */
function checkSamplesInMediaData(plan: Plan) {
  const mdats = [...plan.mdats].sort((a, b) => a[0] - b[0]);
  for (const [start, end] of plan.samples) {
    let lo = 0;
    let hi = mdats.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (mdats[mid]![0] <= start) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0 || end > mdats[found]![1]) throw malformed(`samples at ${start}..${end} lie outside the media data`);
  }
}

/**
 * A copy of an MP4 or QuickTime file with its metadata blanked in place (same size, same offsets).
 * Throws VideoRejected when the file does not hold together or carries samples we cannot remove.
 */
export function stripIsoBmffMetadata(input: Buffer): Buffer {
  const plan = new Plan(input);
  walk(plan, ROOT, 0, input.length);
  const foreign = plan.fragmentTracks.find((id) => !plan.keptTracks.has(id));
  if (foreign !== undefined) {
    throw new VideoRejected('unremovable', `a movie fragment carries samples of track ${foreign}, which is not a video or sound track`);
  }
  checkSamplesInMediaData(plan);

  const out = Buffer.from(input);
  for (const box of plan.blanks) {
    out.write('free', box.start + 4, 'latin1');
    out.fill(0, box.payload, box.end);
  }
  for (const [start, end] of plan.zeroes) out.fill(0, start, end);
  for (const at of plan.selfContained) out[at] = out[at]! | 1;
  for (const [start, end] of plan.samples) out.fill(0, start, end);
  return out;
}
