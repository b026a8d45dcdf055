import { describe, expect, it } from 'vitest';
import {
  LOCATION,
  WEBM,
  coordinateTraces,
  ebml,
  ebmlHeader,
  ebmlShapeOf,
  ebmlTree,
  ebmlUnknownSize,
  webm,
  webmMovie,
  type EbmlNode,
  type WebmMovie,
} from '../../test/video-fixtures.js';
import { stripVideoMetadata, VideoRejected } from './index.js';

const strip = (file: Buffer) => stripVideoMetadata('webm', file);
const traceIn = (file: Buffer) => coordinateTraces().find((t) => file.includes(t));
const hex = (id: number) => id.toString(16);
const childrenOf = (nodes: EbmlNode[], id: number) => nodes.find((n) => n.id === id)?.children ?? [];

function rejected(file: Buffer) {
  let error: unknown;
  try {
    strip(file);
  } catch (err) {
    error = err;
  }
  expect(error, 'the file should be refused').toBeInstanceOf(VideoRejected);
  expect((error as VideoRejected).reason).toBe('malformed');
}

/** Cleaned: same size, no trace of the location, the video blocks unchanged, the tree still readable. */
function cleaned(movie: WebmMovie): { out: Buffer; segment: EbmlNode[] } {
  expect(traceIn(movie.file), 'the fixture carries the location').toBeDefined();
  const out = strip(movie.file);
  expect(out.length).toBe(movie.file.length);
  expect(traceIn(out)).toBeUndefined();
  for (const [start, end] of movie.video) expect(out.subarray(start, end).equals(movie.file.subarray(start, end))).toBe(true);
  const tree = ebmlTree(out);
  expect(tree.map((n) => n.id)).toEqual([WEBM.EBML, WEBM.Segment]);
  expect(out.subarray(0, tree[0]!.end).equals(movie.file.subarray(0, tree[0]!.end)), 'EBML header unchanged').toBe(true);
  return { out, segment: childrenOf(tree, WEBM.Segment) };
}

const VOID = hex(WEBM.Void);
const { Info, Tracks, TrackEntry, Cluster, SeekHead, Cues } = WEBM;

describe('stripWebmMetadata', () => {
  it('a file as an editor writes it: Tags, Chapters, the title, date, apps, track name and subtitle track become Voids', () => {
    const { segment } = cleaned(webmMovie());
    expect(ebmlShapeOf(segment)).toEqual([
      [hex(SeekHead), [[hex(WEBM.Seek), ['53ab', '53ac']], [hex(WEBM.Seek), ['53ab', '53ac']], VOID]],
      [hex(Info), ['2ad7b1', VOID, VOID, VOID, VOID, '4489']],
      [hex(Tracks), [[hex(TrackEntry), ['d7', '73c5', '83', '86', ['e0', ['b0', 'ba']], VOID]], VOID]],
      // The CRC-32 is voided (a child changed), the subtitle blocks too; the video blocks stay.
      [hex(Cluster), [VOID, 'e7', 'a3', VOID, ['a0', ['a1']], VOID, 'a3', VOID]],
      VOID,
      VOID,
      [hex(Cues), ['bb']],
    ]);
  });

  it('a file as a browser records it (Segment and Cluster of unknown size) is cleaned the same way', () => {
    const movie = webmMovie({ live: true });
    const { out, segment } = cleaned(movie);
    expect(segment.map((n) => hex(n.id))).toEqual([hex(Info), hex(Tracks), hex(Cluster)]);
    // The unknown sizes are kept.
    const clusterAt = movie.file.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    expect(out.subarray(clusterAt + 4, clusterAt + 12).equals(Buffer.from([1, 255, 255, 255, 255, 255, 255, 255]))).toBe(true);
  });

  it('a file with nothing to remove comes out byte for byte the same', () => {
    for (const file of [webm(4096), webm(70_000)]) expect(strip(file).equals(file)).toBe(true);
  });

  it('never changes the buffer it is given', () => {
    const movie = webmMovie();
    const copy = Buffer.from(movie.file);
    strip(movie.file);
    expect(movie.file.equals(copy)).toBe(true);
  });

  // Element lengths around the points where a Void needs a longer size field (1 byte holds up to 126).
  it.each([0, 1, 120, 121, 122, 123, 124, 125, 126, 127, 128, 16_380, 16_381, 16_382, 16_383, 70_000])(
    'Tags of %i bytes become one Void of exactly the same length',
    (length) => {
      const tags = ebml(WEBM.Tags, Buffer.alloc(length, 0x41));
      const file = Buffer.concat([ebmlHeader(), ebml(WEBM.Segment, [ebml(Info, [ebml(WEBM.TimestampScale, 1_000_000)]), tags], 8)]);
      const out = strip(file);
      const segment = childrenOf(ebmlTree(out), WEBM.Segment);
      expect(segment.map((n) => hex(n.id))).toEqual([hex(Info), VOID]);
      expect([segment[1]!.start, segment[1]!.end]).toEqual([file.length - tags.length, file.length]);
      expect(out.subarray(segment[1]!.start).includes(0x41)).toBe(false);
    },
  );
});

describe('stripWebmMetadata: malformed files are refused', () => {
  const segmentOf = (...children: Buffer[]) => Buffer.concat([ebmlHeader(), ebml(WEBM.Segment, children, 8)]);
  const info = ebml(Info, [ebml(WEBM.TimestampScale, 1_000_000)]);

  it.each([
    ['an element past the end of its Segment', () => {
      const file = segmentOf(info);
      file.writeUInt8(0x90, file.length - 4); // TimestampScale's size: 16 bytes instead of 3
      return file;
    }],
    ['a Segment past the end of the file', () => segmentOf(info).subarray(0, -2)],
    ['an element id of zero', () => Buffer.concat([segmentOf(info), Buffer.from([0x00, 0x81, 0x00])])],
    ['a reserved element id', () => segmentOf(info, Buffer.from([0xff, 0x80]))],
    ['Tags of unknown size', () => segmentOf(info, ebmlUnknownSize(WEBM.Tags, [Buffer.from(LOCATION)]))],
    ['a size cut off at the end of the file', () => Buffer.concat([segmentOf(info), Buffer.from([0xec, 0x01, 0x00])])],
    ['a block without a track number', () => segmentOf(info, ebml(Cluster, [ebml(WEBM.SimpleBlock, Buffer.alloc(0))]))],
    ['a child past the end of its Cluster', () => {
      const cluster = ebml(Cluster, [ebml(WEBM.Timestamp, Buffer.from([0]))]);
      cluster[cluster.length - 2] = 0x85;
      return segmentOf(info, cluster);
    }],
  ])('%s', (_name, build) => {
    rejected(build());
  });
});
