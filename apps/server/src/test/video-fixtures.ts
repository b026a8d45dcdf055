/*
 * Video containers for the tests, built in memory (no binary files in the repository). The small ones are
 * the header a browser (and our sniffing) reads, then padding in the media data, so a file of any exact
 * size can be made. `isoMovie` and `webmMovie` build the full structure a phone or a browser writes (tracks,
 * sample tables pointing into the media data, clusters of blocks) with the location metadata where
 * iPhones, Android phones, cameras and editors put it. None of them decodes: the server never decodes
 * videos, it only reads their containers.
 */

/** Where the fixtures were "recorded": Tampa, as ISO 6709 (Apple, Android and XMP all write this form). */
export const LOCATION = '+27.9506-082.4572/';
/** Each coordinate alone: no trace of either may survive, in any text encoding. */
export const COORDINATES = ['27.9506', '082.4572'] as const;

/** Every way the coordinates could be written as text: UTF-8 (and Latin-1), UTF-16 LE and BE. */
export function coordinateTraces(): Buffer[] {
  return COORDINATES.flatMap((text) => {
    const le = Buffer.from(text, 'utf16le');
    return [Buffer.from(text, 'latin1'), le, Buffer.from(le).swap16()];
  });
}

const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const latin1 = (s: string) => Buffer.from(s, 'latin1');

// ---------------------------------------------------------------- ISO-BMFF (MP4, QuickTime)

/** A box with a 32-bit size. The type is written as Latin-1, so QuickTime's `©xyz` is '\xa9xyz'. */
export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), latin1(type), body]);
}

/** A box with a 64-bit size (size field 1, then the size after the type). */
export function largeBox(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(1), latin1(type), u64(16 + body.length), body]);
}

/** A box whose size field is 0: it runs to the end of the file, so it can only be the last one. */
export function boxToEnd(type: string, ...payload: Buffer[]): Buffer {
  return Buffer.concat([u32(0), latin1(type), ...payload]);
}

/** A full box: version and flags before the payload. */
export function fullBox(type: string, version: number, flags: number, ...payload: Buffer[]): Buffer {
  return box(type, Buffer.from([version, flags >> 16, (flags >> 8) & 0xff, flags & 0xff]), ...payload);
}

/** An ISO file: `ftyp` (major brand, minor version, compatible brands) then `mdat` up to `bytes`. */
export function isoVideo(bytes: number, major: string, compatible: string[]): Buffer {
  const ftyp = box('ftyp', latin1(`${major}\0\0\x02\0${compatible.join('')}`));
  const pad = bytes - ftyp.length - 8;
  if (pad < 0) throw new Error(`an ISO file needs at least ${ftyp.length + 8} bytes`);
  return Buffer.concat([ftyp, box('mdat', Buffer.alloc(pad, 0x11))]);
}

/** MP4 as phones write it (major brand isom, compatible isom/iso2/avc1/mp41). */
export const mp4 = (bytes = 2048) => isoVideo(bytes, 'isom', ['isom', 'iso2', 'avc1', 'mp41']);

/** QuickTime MOV as an iPhone writes it (major brand `qt  `). */
export const mov = (bytes = 2048) => isoVideo(bytes, 'qt  ', ['qt  ']);

/** An XMP packet naming the place as XMP editors do (here in Iptc4xmpExt's LocationCreated). */
export function xmpPacket(text = LOCATION): Buffer {
  return Buffer.from(
    `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
      `<rdf:Description xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" Iptc4xmpExt:LocationCreated="${text}"/>` +
      `</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`,
    'utf8',
  );
}

/** The UUID of an XMP box (Adobe's XMP specification, part 3). */
export const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

/** Location boxes where phones, cameras and editors write them. */
export const locationBoxes = {
  /** QuickTime/Android `©xyz` (in `moov/udta` or `trak/udta`): string length, language, ISO 6709 text. */
  xyz: (text = LOCATION) => box('\xa9xyz', u16(text.length), u16(0x15c7), latin1(text)),
  /** 3GPP `loci`: language, place name, role, then longitude, latitude, altitude as 16.16 fixed point. */
  loci: (name = `Tampa ${LOCATION}`) =>
    fullBox(
      'loci', 0, 0,
      u16(0x15c7), Buffer.from(`${name}\0`, 'utf8'), Buffer.from([0]),
      u32(Math.round(-82.4572 * 65536)), u32(Math.round(27.9506 * 65536)), u32(0), Buffer.from('earth\0\0', 'utf8'),
    ),
  /**
   * Apple's `moov/meta` (QuickTime form: no version and flags): `hdlr` mdta, `keys` naming
   * com.apple.quicktime.location.ISO6709, and `ilst` with its value in a `data` atom (type 1 UTF-8, 2 UTF-16).
   */
  appleMeta: (text = LOCATION, encoding: 'utf8' | 'utf16' = 'utf8') => {
    const key = latin1('com.apple.quicktime.location.ISO6709');
    const value = encoding === 'utf8' ? Buffer.from(text, 'utf8') : Buffer.from(text, 'utf16le').swap16();
    return box(
      'meta',
      fullBox('hdlr', 0, 0, u32(0), latin1('mdta'), Buffer.alloc(12), Buffer.from([0])),
      fullBox('keys', 0, 0, u32(1), u32(8 + key.length), latin1('mdta'), key),
      box('ilst', box('\0\0\0\x01', box('data', u32(encoding === 'utf8' ? 1 : 2), u32(0), value))),
    );
  },
  /** XMP in a top-level `uuid` box (Adobe's place for MP4). */
  xmpUuid: (text = LOCATION) => box('uuid', XMP_UUID, xmpPacket(text)),
  /** XMP in QuickTime's `moov/udta/XMP_` (Adobe's place for MOV). */
  xmpUdta: (text = LOCATION) => box('XMP_', xmpPacket(text)),
};

type Range = [start: number, end: number];

export interface MovieOptions {
  format?: 'mp4' | 'mov';
  /** Top-level boxes between `ftyp` and `moov` (an XMP `uuid`). */
  top?: readonly Buffer[];
  /** Boxes at the end of `moov` (`udta`, `meta`). */
  moov?: readonly Buffer[];
  /** Boxes at the end of the video track (its own `udta` or `meta`). */
  trak?: readonly Buffer[];
  /**
   * A timed metadata track (Apple's `mebx`, GoPro's `gpmd`...): one sample of `sample` after each video frame,
   * described by the sample tables named.
   */
  metadataTrack?: { sample: string; handler?: string; tables?: 'stco+stsz' | 'co64+stz2' | 'stco+uniform' };
  /** How `mdat` states its size: 32-bit (the default), 64-bit, or 0 ("to the end of the file"). */
  mdatSize?: 'small' | 'large' | 'to-end';
  /** A fragmented movie: `mvex` in `moov`, then one `moof` (naming `fragmentTrack`) and its `mdat`. */
  fragmentTrack?: number;
  frames?: number;
}

export interface Movie {
  file: Buffer;
  /** Where the video frames are: they must come out unchanged. */
  video: Range[];
  /** Where the metadata track's samples are: they must come out zeroed. */
  metadata: Range[];
  /** The `mdat` payload. */
  mdat: Range;
}

const IDENTITY_MATRIX = Buffer.concat([0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map(u32));
/** 2024-05-01 in seconds since 1904: recording times the stripping clears. */
const RECORDED = 3797366400;

function mvhd(nextTrack: number) {
  return fullBox(
    'mvhd', 0, 0,
    u32(RECORDED), u32(RECORDED), u32(1000), u32(4000), u32(0x10000), u16(0x100), Buffer.alloc(10),
    IDENTITY_MATRIX, Buffer.alloc(24), u32(nextTrack),
  );
}

function tkhd(id: number, width: number, height: number) {
  return fullBox(
    'tkhd', 0, 3,
    u32(RECORDED), u32(RECORDED), u32(id), u32(0), u32(4000), Buffer.alloc(8), u16(0), u16(0), u16(0), u16(0),
    IDENTITY_MATRIX, u32(width << 16), u32(height << 16),
  );
}

function sampleTables(entry: Buffer, offsets: number[], sizes: number[], kind: 'stco+stsz' | 'co64+stz2' | 'stco+uniform') {
  const n = sizes.length;
  const offsetsBox =
    kind === 'co64+stz2' ? fullBox('co64', 0, 0, u32(n), ...offsets.map(u64)) : fullBox('stco', 0, 0, u32(n), ...offsets.map(u32));
  const sizesBox =
    kind === 'co64+stz2'
      ? fullBox('stz2', 0, 0, Buffer.from([0, 0, 0, 8]), u32(n), Buffer.from(sizes))
      : kind === 'stco+uniform'
        ? fullBox('stsz', 0, 0, u32(sizes[0]!), u32(n))
        : fullBox('stsz', 0, 0, u32(0), u32(n), ...sizes.map(u32));
  return box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), entry),
    fullBox('stts', 0, 0, u32(1), u32(n), u32(1000)),
    // One sample a chunk, so each sample has its own offset (as interleaved files do).
    fullBox('stsc', 0, 0, u32(1), u32(1), u32(1), u32(1)),
    sizesBox,
    offsetsBox,
  );
}

function track(opts: {
  id: number;
  handler: string;
  format: 'mp4' | 'mov';
  header: Buffer;
  stbl: Buffer;
  extra?: readonly Buffer[];
  width?: number;
  height?: number;
}) {
  return box(
    'trak',
    tkhd(opts.id, opts.width ?? 0, opts.height ?? 0),
    ...(opts.handler === 'vide' ? [] : [box('tref', box('cdsc', u32(1)))]),
    box(
      'mdia',
      fullBox('mdhd', 0, 0, u32(RECORDED), u32(RECORDED), u32(1000), u32(4000), u16(0x55c4), u16(0)),
      fullBox('hdlr', 0, 0, latin1(opts.format === 'mov' ? 'mhlr' : '\0\0\0\0'), latin1(opts.handler), Buffer.alloc(12), Buffer.from('Core Media\0', 'latin1')),
      box('minf', opts.header, box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))), opts.stbl),
    ),
    ...(opts.extra ?? []),
  );
}

/** A movie as a phone records it: `ftyp`, `moov` with a video track (and a metadata track), `mdat` with the samples. */
export function isoMovie(opts: MovieOptions = {}): Movie {
  const format = opts.format ?? 'mp4';
  const frames = Array.from({ length: opts.frames ?? 4 }, (_, i) => Buffer.alloc(200 + 37 * i, 0x40 + i));
  const meta = opts.metadataTrack;
  const metaSample = meta ? Buffer.from(meta.sample, 'utf8') : null;
  const ftyp = format === 'mov' ? box('ftyp', latin1('qt  \0\0\x02\0qt  ')) : box('ftyp', latin1('isom\0\0\x02\0isomiso2avc1mp41'));
  const top = Buffer.concat(opts.top ?? []);

  // Interleaved like a recording: frame, metadata sample, frame, metadata sample...
  const video: Range[] = [];
  const metadata: Range[] = [];
  const mdatBody = Buffer.concat(frames.flatMap((f) => (metaSample ? [f, metaSample] : [f])));
  const moovFor = (payloadStart: number) => {
    let at = payloadStart;
    video.length = 0;
    metadata.length = 0;
    for (const f of frames) {
      video.push([at, at + f.length]);
      at += f.length;
      if (metaSample) {
        metadata.push([at, at + metaSample.length]);
        at += metaSample.length;
      }
    }
    const videoTrack = track({
      id: 1,
      handler: 'vide',
      format,
      width: 320,
      height: 240,
      header: fullBox('vmhd', 0, 1, Buffer.alloc(8)),
      stbl: sampleTables(box('avc1', Buffer.alloc(78)), video.map((r) => r[0]), frames.map((f) => f.length), 'stco+stsz'),
      extra: opts.trak,
    });
    const metadataTrack = metaSample
      ? track({
          id: 2,
          handler: meta!.handler ?? 'meta',
          format,
          header: box('gmhd', fullBox('gmin', 0, 0, Buffer.alloc(12))),
          stbl: sampleTables(
            box('mebx', Buffer.alloc(8), box('keys', box('\0\0\0\x01', box('keyd', latin1('mdtacom.apple.quicktime.location.ISO6709'))))),
            metadata.map((r) => r[0]),
            metadata.map((r) => r[1] - r[0]),
            meta!.tables ?? 'stco+stsz',
          ),
        })
      : Buffer.alloc(0);
    const mvex = opts.fragmentTrack === undefined ? [] : [box('mvex', fullBox('trex', 0, 0, u32(1), u32(1), u32(0), u32(0), u32(0)))];
    return box('moov', mvhd(metaSample ? 3 : 2), videoTrack, metadataTrack, ...mvex, ...(opts.moov ?? []));
  };

  const mdatHeader = opts.mdatSize === 'large' ? 16 : 8;
  const before = ftyp.length + top.length;
  // The chunk offsets depend on where mdat starts, which depends on the size of moov (not on the offsets).
  const moov = moovFor(before + moovFor(0).length + mdatHeader);
  const mdat = opts.mdatSize === 'large' ? largeBox('mdat', mdatBody) : opts.mdatSize === 'to-end' ? boxToEnd('mdat', mdatBody) : box('mdat', mdatBody);
  const parts = [ftyp, top, moov, mdat];
  if (opts.fragmentTrack !== undefined) {
    if (opts.mdatSize === 'to-end') throw new Error('nothing can follow an mdat that runs to the end of the file');
    // One movie fragment after the samples of moov: a sample of 8 bytes, 16 bytes after the start of moof.
    const fragment = box(
      'moof',
      fullBox('mfhd', 0, 0, u32(1)),
      box('traf', fullBox('tfhd', 0, 0x020000, u32(opts.fragmentTrack)), fullBox('trun', 0, 0x000201, u32(1), u32(16), u32(8))),
    );
    parts.push(fragment, box('mdat', Buffer.alloc(8, 0x33)));
  }
  const mdatStart = before + moov.length + mdatHeader;
  return { file: Buffer.concat(parts), video, metadata, mdat: [mdatStart, mdatStart + mdatBody.length] };
}

export interface IsoNode {
  type: string;
  start: number;
  end: number;
  children?: IsoNode[];
}

/** Boxes whose payload is only boxes (meta: after version and flags in ISO files, straight away in QuickTime). */
const ISO_CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'dinf', 'edts', 'udta', 'mvex', 'moof', 'traf', 'tref', 'meta', 'ilst', 'gmhd']);

/**
 * An independent reading of an ISO file's box tree (not the server's walker), throwing when a box does not
 * fit its parent. `meta` is told apart by where its `hdlr` starts.
 */
export function isoTree(buf: Buffer, start = 0, end = buf.length, topLevel = true): IsoNode[] {
  const nodes: IsoNode[] = [];
  for (let at = start; at < end; ) {
    if (end - at < 8) throw new Error(`box header cut off at ${at}`);
    const size32 = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    let size = size32;
    if (size32 === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size32 === 0) {
      if (!topLevel) throw new Error(`size 0 inside a box at ${at}`);
      size = end - at;
    }
    if (size < header || at + size > end) throw new Error(`${type} at ${at} does not fit (size ${size})`);
    const node: IsoNode = { type, start: at, end: at + size };
    if (ISO_CONTAINERS.has(type)) {
      let payload = at + header;
      if (type === 'meta' && buf.toString('latin1', payload + 4, payload + 8) !== 'hdlr') payload += 4;
      node.children = isoTree(buf, payload, at + size, false);
    }
    nodes.push(node);
    at += size;
  }
  return nodes;
}

/** The types of a tree, nested: `['ftyp', ['moov', ['mvhd', ...]], 'mdat']`. */
export type Shape = Array<string | [string, Shape]>;
export const shapeOf = (nodes: IsoNode[]): Shape => nodes.map((n) => (n.children ? [n.type, shapeOf(n.children)] : n.type));

// ---------------------------------------------------------------- EBML (WebM)

/** An unsigned number in as few big-endian bytes as it needs (at least one). */
const uintBytes = (n: number) => {
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from(bytes.length ? bytes : [0]);
};
/** The bytes of an element id: ids keep their length marker, so 0x1a45dfa3 is four bytes. */
const idBytes = uintBytes;

/** A size as an EBML variable-size integer of `length` bytes (the shortest that fits, unless given). */
function sizeVint(n: number, length?: number): Buffer {
  let len = length ?? 1;
  while (length === undefined && n >= 2 ** (7 * len) - 1) len++;
  const out = Buffer.alloc(len);
  let v = n;
  for (let i = len - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0]! |= 0x80 >> (len - 1);
  return out;
}

/** An EBML element of children, text, an unsigned number or bytes. `sizeLength` forces the size field's length (8 makes a file's layout independent of its size). */
export function ebml(id: number, children: Buffer[] | Buffer | string | number, sizeLength?: number): Buffer {
  const body =
    typeof children === 'string'
      ? Buffer.from(children, 'utf8')
      : typeof children === 'number'
        ? uintBytes(children)
        : Buffer.isBuffer(children)
          ? children
          : Buffer.concat(children);
  return Buffer.concat([idBytes(id), sizeVint(body.length, sizeLength), body]);
}

/** An element of unknown size (as live recorders write a Segment and its Clusters). */
export const ebmlUnknownSize = (id: number, children: Buffer[]) => Buffer.concat([idBytes(id), Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), ...children]);

export const WEBM = {
  EBML: 0x1a45dfa3,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  TimestampScale: 0x2ad7b1,
  Duration: 0x4489,
  Title: 0x7ba9,
  DateUTC: 0x4461,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  Name: 0x536e,
  CodecID: 0x86,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
  Timestamp: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  Cues: 0x1c53bb6b,
  Tags: 0x1254c367,
  Tag: 0x7373,
  Targets: 0x63c0,
  SimpleTag: 0x67c8,
  TagName: 0x45a3,
  TagString: 0x4487,
  Chapters: 0x1043a770,
  Void: 0xec,
  CRC32: 0xbf,
} as const;

/** The EBML header, doc type `webm` (or another, for the Matroska refusal). */
export function ebmlHeader(docType = 'webm'): Buffer {
  return ebml(WEBM.EBML, [
    ebml(0x4286, 1), // EBMLVersion
    ebml(0x42f7, 1), // EBMLReadVersion
    ebml(0x42f2, 4), // EBMLMaxIDLength
    ebml(0x42f3, 8), // EBMLMaxSizeLength
    ebml(0x4282, docType), // DocType
    ebml(0x4287, 4), // DocTypeVersion
    ebml(0x4285, 2), // DocTypeReadVersion
  ]);
}

/** A block of `track` at time 0 (track number, 16-bit relative time, flags: keyframe), then its data. */
const blockPayload = (track: number, data: Buffer) => Buffer.concat([sizeVint(track), Buffer.from([0, 0, 0x80]), data]);

const videoTrackEntry = (number: number, extra: Buffer[] = []) =>
  ebml(WEBM.TrackEntry, [
    ebml(WEBM.TrackNumber, number),
    ebml(WEBM.TrackUID, 0x1234),
    ebml(WEBM.TrackType, 1),
    ebml(WEBM.CodecID, 'V_VP9'),
    ebml(WEBM.Video, [ebml(WEBM.PixelWidth, 320), ebml(WEBM.PixelHeight, 240)]),
    ...extra,
  ]);

/**
 * A WebM (or, with another doc type, Matroska) file of exactly `bytes`: the EBML header, then a Segment with
 * Info, one video track and one Cluster whose block fills the rest. Nothing in it is metadata.
 */
export function webm(bytes = 2048, docType = 'webm'): Buffer {
  const header = ebmlHeader(docType);
  const head = [ebml(WEBM.Info, [ebml(WEBM.TimestampScale, 1_000_000)]), ebml(WEBM.Tracks, [videoTrackEntry(1)])];
  // Fixed-length sizes (8 bytes) for the Segment, the Cluster and the block, so the layout does not depend on `bytes`.
  const fixed = header.length + 12 + head.reduce((n, b) => n + b.length, 0) + 12 + 3 + 9 + 4;
  const pad = bytes - fixed;
  if (pad < 0) throw new Error(`a WebM file needs at least ${fixed} bytes`);
  const cluster = ebml(WEBM.Cluster, [ebml(WEBM.Timestamp, Buffer.from([0])), ebml(WEBM.SimpleBlock, blockPayload(1, Buffer.alloc(pad, 0)), 8)], 8);
  return Buffer.concat([header, ebml(WEBM.Segment, [...head, cluster], 8)]);
}

export interface WebmMovie {
  file: Buffer;
  /** Where the video blocks are: they must come out unchanged. */
  video: Range[];
}

/**
 * A WebM file as editors (`live: false`, with a SeekHead, Cues and sizes) or browsers' MediaRecorder
 * (`live: true`: Segment and Clusters of unknown size) write it, carrying the location in Tags, the
 * segment's title, the video track's name, a subtitle track's blocks and a chapter name.
 */
export function webmMovie(opts: { live?: boolean; location?: boolean } = {}): WebmMovie {
  const located = opts.location ?? true;
  const frames = [0, 1, 2].map((i) => Buffer.alloc(150 + 20 * i, 0x50 + i));
  const info = ebml(WEBM.Info, [
    ebml(WEBM.TimestampScale, 1_000_000),
    ebml(WEBM.MuxingApp, 'Lavf61.7.100'),
    ebml(WEBM.WritingApp, 'Lavf61.7.100'),
    ...(located ? [ebml(WEBM.Title, `Sunset at ${LOCATION}`), ebml(WEBM.DateUTC, Buffer.alloc(8, 0x07))] : []),
    ebml(WEBM.Duration, Buffer.from([0x45, 0x3b, 0x80, 0x00])),
  ]);
  const tracks = ebml(WEBM.Tracks, [
    videoTrackEntry(1, located ? [ebml(WEBM.Name, `Camera at ${LOCATION}`)] : []),
    ...(located ? [ebml(WEBM.TrackEntry, [ebml(WEBM.TrackNumber, 2), ebml(WEBM.TrackType, 0x11), ebml(WEBM.CodecID, 'S_TEXT/UTF8')])] : []),
  ]);
  const blocks = frames.flatMap((f, i) => [
    i === 1 ? ebml(WEBM.BlockGroup, [ebml(WEBM.Block, blockPayload(1, f))]) : ebml(WEBM.SimpleBlock, blockPayload(1, f)),
    ...(located ? [ebml(WEBM.SimpleBlock, blockPayload(2, Buffer.from(`GPS ${LOCATION}`, 'utf8')))] : []),
  ]);
  const cluster = opts.live
    ? ebmlUnknownSize(WEBM.Cluster, [ebml(WEBM.Timestamp, Buffer.from([0])), ...blocks])
    : ebml(WEBM.Cluster, [ebml(WEBM.CRC32, Buffer.alloc(4, 0xaa)), ebml(WEBM.Timestamp, Buffer.from([0])), ...blocks]);
  const tags = ebml(WEBM.Tags, [
    ebml(WEBM.Tag, [
      ebml(WEBM.Targets, []),
      ebml(WEBM.SimpleTag, [ebml(WEBM.TagName, 'LOCATION'), ebml(WEBM.TagString, LOCATION)]),
      // Tags written in UTF-16 by some tools: no encoding of the coordinates may survive.
      ebml(WEBM.SimpleTag, [ebml(WEBM.TagName, 'COMMENT'), ebml(0x4485, Buffer.from(LOCATION, 'utf16le'))]),
    ]),
  ]);
  const chapters = ebml(WEBM.Chapters, [ebml(0x45b9, [ebml(0xb6, [ebml(0x73c4, 1), ebml(0x91, 0), ebml(0x80, [ebml(0x85, `Arrived at ${LOCATION}`)])])])]);
  const body = opts.live
    ? [info, tracks, cluster, ...(located ? [tags] : [])]
    : (() => {
        // A SeekHead pointing at Info, Tracks and Tags, positions relative to the Segment's data.
        const seek = (id: number, position: number) =>
          ebml(WEBM.Seek, [ebml(WEBM.SeekID, idBytes(id)), ebml(WEBM.SeekPosition, u32(position))]);
        const seekHeadAt = (infoAt: number) => {
          const tracksAt = infoAt + info.length;
          const tagsAt = tracksAt + tracks.length + cluster.length;
          return ebml(WEBM.SeekHead, [seek(WEBM.Info, infoAt), seek(WEBM.Tracks, tracksAt), ...(located ? [seek(WEBM.Tags, tagsAt)] : [])]);
        };
        // Positions are fixed-width, so the SeekHead's size does not depend on them.
        const seekHead = seekHeadAt(seekHeadAt(0).length);
        const clusterAt = seekHead.length + info.length + tracks.length;
        const cues = ebml(WEBM.Cues, [ebml(0xbb, [ebml(0xb3, 0), ebml(0xb7, [ebml(0xf7, 1), ebml(0xf1, clusterAt)])])]);
        return [seekHead, info, tracks, cluster, ...(located ? [tags, chapters] : []), cues];
      })();
  const segment = opts.live ? ebmlUnknownSize(WEBM.Segment, body) : ebml(WEBM.Segment, body, 8);
  const file = Buffer.concat([ebmlHeader(), segment]);
  const video = frames.map((f) => {
    const at = file.indexOf(f);
    return [at, at + f.length] as Range;
  });
  return { file, video };
}

export interface EbmlNode {
  id: number;
  start: number;
  end: number;
  children?: EbmlNode[];
}

const EBML_MASTERS = new Set<number>([
  WEBM.EBML, WEBM.Segment, WEBM.SeekHead, WEBM.Seek, WEBM.Info, WEBM.Tracks, WEBM.TrackEntry, WEBM.Video,
  WEBM.Cluster, WEBM.BlockGroup, WEBM.Cues, WEBM.Tags, WEBM.Tag, WEBM.SimpleTag, WEBM.Targets, WEBM.Chapters,
]);
const SEGMENT_CHILDREN = new Set<number>([WEBM.SeekHead, WEBM.Info, WEBM.Tracks, WEBM.Cluster, WEBM.Cues, WEBM.Tags, WEBM.Chapters]);

/** An independent reading of a WebM file's element tree (not the server's walker), throwing when an element does not fit. */
export function ebmlTree(buf: Buffer, start = 0, end = buf.length, parent?: number): EbmlNode[] {
  const nodes: EbmlNode[] = [];
  let at = start;
  while (at < end) {
    const idLength = Math.clz32(buf[at]!) - 23;
    const id = buf.readUIntBE(at, idLength);
    if (parent === WEBM.Cluster && SEGMENT_CHILDREN.has(id)) break; // the end of a Cluster of unknown size
    const sizeAt = at + idLength;
    const sizeLength = Math.clz32(buf[sizeAt]!) - 23;
    if (idLength < 1 || idLength > 4 || sizeLength < 1 || sizeLength > 8) throw new Error(`no element at ${at}`);
    const sizeBytes = buf.subarray(sizeAt, sizeAt + sizeLength);
    const unknown = sizeBytes.equals(Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]));
    let size = sizeBytes[0]! & (0xff >> sizeLength);
    for (let i = 1; i < sizeLength; i++) size = size * 256 + sizeBytes[i]!;
    const data = sizeAt + sizeLength;
    if (!unknown && data + size > end) throw new Error(`element ${id.toString(16)} at ${at} does not fit`);
    const node: EbmlNode = { id, start: at, end: unknown ? end : data + size };
    if (EBML_MASTERS.has(id)) {
      node.children = ebmlTree(buf, data, node.end, id);
      if (unknown) node.end = node.children.length ? node.children[node.children.length - 1]!.end : data;
    }
    nodes.push(node);
    at = node.end;
  }
  return nodes;
}

/** The ids of a tree, nested, as hex: `['1a45dfa3', ['18538067', [...]]]`. */
export type EbmlShape = Array<string | [string, EbmlShape]>;
export const ebmlShapeOf = (nodes: EbmlNode[]): EbmlShape =>
  nodes.map((n) => (n.children ? [n.id.toString(16), ebmlShapeOf(n.children)] : n.id.toString(16)));
