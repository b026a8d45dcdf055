import { describe, expect, it } from 'vitest';
import {
  LOCATION,
  box,
  boxToEnd,
  coordinateTraces,
  fullBox,
  isoMovie,
  isoTree,
  largeBox,
  locationBoxes,
  mov,
  mp4,
  shapeOf,
  type IsoNode,
  type Movie,
} from '../../test/video-fixtures.js';
import { stripVideoMetadata, VideoRejected } from './index.js';

const strip = (file: Buffer) => stripVideoMetadata('iso-bmff', file);
const traceIn = (file: Buffer) => coordinateTraces().find((t) => file.includes(t));

function rejected(file: Buffer, reason: VideoRejected['reason'] = 'malformed') {
  let error: unknown;
  try {
    strip(file);
  } catch (err) {
    error = err;
  }
  expect(error, 'the file should be refused').toBeInstanceOf(VideoRejected);
  expect((error as VideoRejected).reason).toBe(reason);
}

const find = (nodes: IsoNode[], path: string[]): IsoNode | undefined => {
  const [head, ...rest] = path;
  const node = nodes.find((n) => n.type === head);
  return node && rest.length ? find(node.children ?? [], rest) : node;
};

/** The video frames are where they were, byte for byte; the metadata samples are zeros. */
function samplesCheck(movie: Movie, out: Buffer) {
  for (const [start, end] of movie.video) expect(out.subarray(start, end).equals(movie.file.subarray(start, end))).toBe(true);
  for (const [start, end] of movie.metadata) expect(out.subarray(start, end).equals(Buffer.alloc(end - start))).toBe(true);
}

/** The cleaned file: same size, its location gone, its boxes where they were (blanked ones as `free`). */
function cleaned(movie: Movie): Buffer {
  expect(traceIn(movie.file), 'the fixture carries the location').toBeDefined();
  const out = strip(movie.file);
  expect(out.length).toBe(movie.file.length);
  expect(traceIn(out)).toBeUndefined();
  const before = isoTree(movie.file);
  const after = isoTree(out);
  expect(after.map((n) => [n.start, n.end])).toEqual(before.map((n) => [n.start, n.end]));
  expect(out.subarray(0, before[0]!.end).equals(movie.file.subarray(0, before[0]!.end)), 'ftyp unchanged').toBe(true);
  samplesCheck(movie, out);
  return out;
}

const udta = (...children: Buffer[]) => box('udta', ...children);

describe('stripIsoBmffMetadata: where phones and editors write the location', () => {
  it.each([
    ['moov/udta/©xyz (Android, QuickTime)', { moov: [udta(locationBoxes.xyz())] }],
    ['moov/udta/loci (3GPP)', { moov: [udta(locationBoxes.loci())] }],
    ['moov/udta/XMP_ (Adobe, MOV)', { moov: [udta(locationBoxes.xmpUdta())] }],
    ['moov/meta keys/ilst (iPhone), UTF-8', { moov: [locationBoxes.appleMeta()] }],
    ['moov/meta keys/ilst (iPhone), UTF-16', { moov: [locationBoxes.appleMeta(LOCATION, 'utf16')] }],
    ['an ISO meta (with version and flags) in moov', { moov: [fullBox('meta', 0, 0, fullBox('hdlr', 0, 0, Buffer.alloc(20)), box('xml ', Buffer.from(LOCATION)))] }],
    ['a top-level XMP uuid (Adobe, MP4)', { top: [locationBoxes.xmpUuid()] }],
    ['a top-level meta', { top: [locationBoxes.appleMeta()] }],
    ['an unknown top-level box', { top: [box('abcd', Buffer.from(LOCATION))] }],
    ['trak/udta/©xyz', { trak: [udta(locationBoxes.xyz())] }],
    ['trak/meta', { trak: [locationBoxes.appleMeta()] }],
    ['a uuid inside moov', { moov: [box('uuid', Buffer.alloc(16, 1), Buffer.from(LOCATION))] }],
  ] as const)('%s: blanked in place, the movie intact', (_where, opts) => {
    for (const format of ['mp4', 'mov'] as const) {
      const movie = isoMovie({ format, ...opts });
      const out = cleaned(movie);
      // Each box that is not needed is now `free`, everything else is where it was.
      const asBlanked = (nodes: IsoNode[], keep: string[]) => nodes.map((n) => (keep.includes(n.type) ? n.type : 'free'));
      const [before, after] = [isoTree(movie.file), isoTree(out)];
      expect(after.map((n) => n.type)).toEqual(asBlanked(before, ['ftyp', 'moov', 'mdat']));
      expect(find(after, ['moov'])!.children!.map((n) => n.type)).toEqual(asBlanked(find(before, ['moov'])!.children!, ['mvhd', 'trak']));
      expect(find(after, ['moov', 'trak'])!.children!.map((n) => n.type)).toEqual(asBlanked(find(before, ['moov', 'trak'])!.children!, ['tkhd', 'mdia']));
      expect(shapeOf([find(after, ['moov', 'trak', 'mdia'])!])).toEqual(shapeOf([find(before, ['moov', 'trak', 'mdia'])!]));
    }
  });

  it('a movie carrying the location everywhere at once: only ftyp, the tracks playback needs and mdat remain', () => {
    const movie = isoMovie({
      format: 'mov',
      top: [locationBoxes.xmpUuid()],
      moov: [udta(locationBoxes.xyz(), locationBoxes.xmpUdta(), locationBoxes.loci()), locationBoxes.appleMeta(LOCATION, 'utf16')],
      trak: [udta(locationBoxes.xyz()), locationBoxes.appleMeta()],
      metadataTrack: { sample: LOCATION },
    });
    const out = cleaned(movie);
    expect(shapeOf(isoTree(out))).toEqual([
      'ftyp',
      'free',
      [
        'moov',
        [
          'mvhd',
          [
            'trak',
            [
              'tkhd',
              ['mdia', ['mdhd', 'hdlr', ['minf', ['vmhd', ['dinf', ['dref']], ['stbl', ['stsd', 'stts', 'stsc', 'stsz', 'stco']]]]]],
              'free',
              'free',
            ],
          ],
          'free',
          'free',
          'free',
        ],
      ],
      'mdat',
    ]);
  });

  it('clears recording times in mvhd, tkhd and mdhd and nothing else in a file without metadata', () => {
    const movie = isoMovie();
    const out = strip(movie.file);
    const changed: number[] = [];
    for (let i = 0; i < out.length; i++) if (out[i] !== movie.file[i]) changed.push(i);
    const tree = isoTree(movie.file);
    const timeFields = ['mvhd', 'trak/tkhd', 'trak/mdia/mdhd'].map((p) => {
      const node = find(tree, ['moov', ...p.split('/')])!;
      return [node.start + 12, node.start + 20];
    });
    expect(changed.length).toBeGreaterThan(0);
    for (const i of changed) expect(timeFields.some(([s, e]) => i >= s! && i < e!), `byte ${i}`).toBe(true);
    expect(out.subarray(movie.mdat[0], movie.mdat[1]).equals(movie.file.subarray(movie.mdat[0], movie.mdat[1]))).toBe(true);
  });

  it('files with nothing to remove come out byte for byte the same', () => {
    for (const file of [mp4(4096), mov(4096)]) expect(strip(file).equals(file)).toBe(true);
  });

  it('never changes the buffer it is given', () => {
    const movie = isoMovie({ moov: [udta(locationBoxes.xyz())] });
    const copy = Buffer.from(movie.file);
    strip(movie.file);
    expect(movie.file.equals(copy)).toBe(true);
  });
});

describe('stripIsoBmffMetadata: timed metadata and other tracks', () => {
  it.each([
    ['Apple mebx, stco + stsz', { sample: LOCATION, tables: 'stco+stsz' }],
    ['GoPro-like, co64 + stz2', { sample: `GPS5 ${LOCATION}`, tables: 'co64+stz2' }],
    ['one size for every sample (stsz), stco', { sample: LOCATION, tables: 'stco+uniform' }],
    ['a subtitle track of positions (DJI)', { sample: LOCATION, handler: 'sbtl' }],
    ['a text track', { sample: LOCATION, handler: 'text' }],
    ['a timecode track', { sample: LOCATION, handler: 'tmcd' }],
  ] as const)('%s: the track is blanked and its samples zeroed', (_name, metadataTrack) => {
    const movie = isoMovie({ format: 'mov', metadataTrack });
    const out = cleaned(movie);
    const traks = isoTree(out).find((n) => n.type === 'moov')!.children!;
    expect(traks.map((n) => n.type)).toEqual(['mvhd', 'trak', 'free']);
  });

  it('a sound track stays', () => {
    const movie = isoMovie({ metadataTrack: { sample: 'not metadata', handler: 'soun' } });
    const out = strip(movie.file);
    expect(isoTree(out).find((n) => n.type === 'moov')!.children!.map((n) => n.type)).toEqual(['mvhd', 'trak', 'trak']);
    for (const [start, end] of movie.metadata) expect(out.subarray(start, end).toString()).toBe('not metadata');
  });

  it('a fragmented movie: fragments of its video are fine; a fragment of a metadata track is refused (unremovable)', () => {
    expect(strip(isoMovie({ fragmentTrack: 1 }).file).length).toBeGreaterThan(0);
    rejected(isoMovie({ metadataTrack: { sample: LOCATION }, fragmentTrack: 2 }).file, 'unremovable');
    // A fragment of a track the movie does not declare at all.
    rejected(isoMovie({ fragmentTrack: 9 }).file, 'unremovable');
  });

  it('data references become "in this file", their path zeroed', () => {
    const alias = fullBox('alis', 0, 0, Buffer.from('Macintosh HD:Users:alice:Movies:Tampa.mov'));
    const hdlr = fullBox('hdlr', 0, 0, Buffer.alloc(4), Buffer.from('vide'), Buffer.alloc(13));
    const file = Buffer.concat([
      box('ftyp', Buffer.from('isom\0\0\0\0isom')),
      box('moov', box('trak', box('mdia', hdlr, box('minf', box('dinf', fullBox('dref', 0, 0, Buffer.from([0, 0, 0, 1]), alias)))))),
      box('mdat', Buffer.alloc(16)),
    ]);
    const out = strip(file);
    const entry = out.indexOf('alis');
    expect(entry).toBeGreaterThan(0);
    expect(out.readUInt32BE(entry + 4)).toBe(1); // version 0, flags "self-contained"
    expect(out.subarray(entry + 8, entry + 8 + 41).equals(Buffer.alloc(41))).toBe(true);
    expect(out.length).toBe(file.length);
  });
});

describe('stripIsoBmffMetadata: box sizes', () => {
  it('a 64-bit mdat (size 1 and a largesize): kept, its samples untouched', () => {
    const movie = isoMovie({ mdatSize: 'large', moov: [udta(locationBoxes.xyz())], metadataTrack: { sample: LOCATION, tables: 'co64+stz2' } });
    const out = cleaned(movie);
    const mdat = find(isoTree(out), ['mdat'])!;
    expect(out.readUInt32BE(mdat.start)).toBe(1);
    expect(Number(out.readBigUInt64BE(mdat.start + 8))).toBe(mdat.end - mdat.start);
  });

  it('a metadata box with a 64-bit size becomes a free box with the same 64-bit size', () => {
    const movie = isoMovie({ moov: [largeBox('udta', locationBoxes.xyz())], top: [largeBox('uuid', Buffer.from(LOCATION))] });
    const out = cleaned(movie);
    for (const node of isoTree(out).filter((n) => n.type === 'free')) {
      expect(out.readUInt32BE(node.start)).toBe(1);
      expect(Number(out.readBigUInt64BE(node.start + 8))).toBe(node.end - node.start);
      expect(out.subarray(node.start + 16, node.end).equals(Buffer.alloc(node.end - node.start - 16))).toBe(true);
    }
    const moovFree = find(isoTree(out), ['moov'])!.children!.find((n) => n.type === 'free')!;
    expect(out.readUInt32BE(moovFree.start)).toBe(1);
  });

  it('size 0 (to the end of the file): an mdat is kept; a last metadata box is blanked, still to the end', () => {
    cleaned(isoMovie({ mdatSize: 'to-end', moov: [udta(locationBoxes.xyz())] }));
    const movie = isoMovie();
    const file = Buffer.concat([movie.file, boxToEnd('uuid', Buffer.from(LOCATION), Buffer.alloc(100, 0x22))]);
    const out = strip(file);
    const last = isoTree(out).at(-1)!;
    expect([last.type, last.end, out.readUInt32BE(last.start)]).toEqual(['free', file.length, 0]);
    expect(traceIn(out)).toBeUndefined();
  });

  it('a 32-bit zero closing a list of boxes (QuickTime) is accepted', () => {
    const movie = isoMovie();
    const moov = find(isoTree(movie.file), ['moov'])!;
    // Grow moov by four zero bytes at its end; mdat moves by 4, so this file is only read, not played.
    const grown = Buffer.concat([movie.file.subarray(0, moov.end), Buffer.alloc(4), movie.file.subarray(moov.end)]);
    grown.writeUInt32BE(moov.end - moov.start + 4, moov.start);
    expect(strip(grown).length).toBe(grown.length);
  });
});

describe('stripIsoBmffMetadata: malformed files are refused', () => {
  const movie = isoMovie({ metadataTrack: { sample: LOCATION } });
  const tree = isoTree(movie.file);
  const at = (path: string[]) => find(tree, path)!;
  const patched = (edit: (b: Buffer) => void) => {
    const b = Buffer.from(movie.file);
    edit(b);
    return b;
  };

  it.each([
    ['the last box runs past the end of the file', (b: Buffer) => b.writeUInt32BE(b.length, at(['mdat']).start)],
    ['a child runs past its parent', (b: Buffer) => b.writeUInt32BE(at(['moov']).end, at(['moov', 'trak']).start)],
    ['a box smaller than its header', (b: Buffer) => b.writeUInt32BE(4, at(['moov', 'trak']).start)],
    ['a size of 0 inside moov', (b: Buffer) => b.writeUInt32BE(0, at(['moov', 'trak']).start)],
    ['a 64-bit size smaller than its header', (b: Buffer) => {
      const trak = at(['moov', 'trak']).start;
      b.writeUInt32BE(1, trak);
      b.writeBigUInt64BE(8n, trak + 8);
    }],
    ['a 64-bit size past the end', (b: Buffer) => {
      const trak = at(['moov', 'trak']).start;
      b.writeUInt32BE(1, trak);
      b.writeBigUInt64BE(2n ** 40n, trak + 8);
    }],
    ["a metadata track's chunk outside mdat (in moov)", (b: Buffer) => {
      const stco = find(at(['moov']).children!.filter((n) => n.type === 'trak')[1]!.children!, ['mdia', 'minf', 'stbl', 'stco'])!;
      b.writeUInt32BE(at(['moov']).start + 8, stco.start + 16);
    }],
    ["a metadata track's chunk past the end", (b: Buffer) => {
      const stco = find(at(['moov']).children!.filter((n) => n.type === 'trak')[1]!.children!, ['mdia', 'minf', 'stbl', 'stco'])!;
      b.writeUInt32BE(b.length - 2, stco.start + 16);
    }],
    ['an stco with more entries than it holds', (b: Buffer) => {
      const stco = find(at(['moov']).children!.filter((n) => n.type === 'trak')[1]!.children!, ['mdia', 'minf', 'stbl', 'stco'])!;
      b.writeUInt32BE(1_000_000, stco.start + 12);
    }],
    ['an stsz with more entries than it holds', (b: Buffer) => {
      const stsz = find(at(['moov']).children!.filter((n) => n.type === 'trak')[1]!.children!, ['mdia', 'minf', 'stbl', 'stsz'])!;
      b.writeUInt32BE(1_000_000, stsz.start + 16);
    }],
    ['samples that add up to more than the file', (b: Buffer) => {
      const stsz = find(at(['moov']).children!.filter((n) => n.type === 'trak')[1]!.children!, ['mdia', 'minf', 'stbl', 'stsz'])!;
      b.writeUInt32BE(0xffffffff, stsz.start + 12); // one size for all
      b.writeUInt32BE(0xffffffff, stsz.start + 16);
    }],
    ['an stsc that does not start at chunk 1', (b: Buffer) => {
      const stsc = find(at(['moov']).children!.filter((n) => n.type === 'trak')[1]!.children!, ['mdia', 'minf', 'stbl', 'stsc'])!;
      b.writeUInt32BE(2, stsc.start + 16);
    }],
    ['an stsc with no entries', (b: Buffer) => {
      const stsc = find(at(['moov']).children!.filter((n) => n.type === 'trak')[1]!.children!, ['mdia', 'minf', 'stbl', 'stsc'])!;
      b.writeUInt32BE(0, stsc.start + 12);
    }],
  ])('%s', (_name, edit) => {
    rejected(patched(edit));
  });

  it('a file cut in the middle of a box header, or of a box', () => {
    rejected(Buffer.concat([movie.file, Buffer.from([0, 0, 1])]));
    rejected(movie.file.subarray(0, movie.file.length - 10));
    rejected(movie.file.subarray(0, at(['moov']).start + 100));
  });

  it('boxes nested absurdly deep inside a metadata box are blanked whole, without walking them', () => {
    // 100,000 udta boxes, each holding the next, the innermost holding the location.
    const inner = locationBoxes.xyz();
    const levels = 100_000;
    const deep = Buffer.concat([Buffer.alloc(8 * levels), inner]);
    for (let i = 0; i < levels; i++) {
      deep.writeUInt32BE(deep.length - 8 * i, 8 * i);
      deep.write('udta', 8 * i + 4, 'latin1');
    }
    const movie = isoMovie({ moov: [deep] });
    const out = strip(movie.file);
    expect(traceIn(out)).toBeUndefined();
    const moov = find(isoTree(out), ['moov'])!;
    // Read without descending: the deep box is now one free box ending where moov ends.
    const lastChild = moov.end - deep.length;
    expect([out.readUInt32BE(lastChild), out.toString('latin1', lastChild + 4, lastChild + 8)]).toEqual([deep.length, 'free']);
    samplesCheck(movie, out);
  });
});
