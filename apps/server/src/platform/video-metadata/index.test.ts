import { describe, expect, it } from 'vitest';
import { LOCATION, box, isoMovie, locationBoxes, webmMovie } from '../../test/video-fixtures.js';
import { stripVideoMetadata, VideoRejected, type VideoContainer } from './index.js';

/** Deterministic pseudo-random numbers (xorshift32), so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return (below: number) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % below;
  };
}

const samples: Array<[VideoContainer, Buffer]> = [
  [
    'iso-bmff',
    isoMovie({
      format: 'mov',
      top: [locationBoxes.xmpUuid()],
      moov: [box('udta', locationBoxes.xyz()), locationBoxes.appleMeta()],
      metadataTrack: { sample: LOCATION, tables: 'co64+stz2' },
    }).file,
  ],
  ['iso-bmff', isoMovie({ mdatSize: 'large', metadataTrack: { sample: LOCATION } }).file],
  ['webm', webmMovie().file],
  ['webm', webmMovie({ live: true }).file],
];

describe('stripVideoMetadata on damaged files', () => {
  it('random damage gives a cleaned file of the same size or a VideoRejected, never another error', () => {
    const next = random(20240501);
    const outcomes = { cleaned: 0, refused: 0 };
    for (let round = 0; round < 4000; round++) {
      const [container, original] = samples[round % samples.length]!;
      let file = Buffer.from(original);
      // Flip a few bytes, favouring the structure at the start of the file; sometimes cut the end off too.
      for (let flips = 1 + next(4); flips > 0; flips--) {
        const at = next(4) === 0 ? next(file.length) : next(Math.min(file.length, 1500));
        file[at] = next(256);
      }
      if (next(8) === 0) file = file.subarray(0, next(file.length));
      try {
        expect(stripVideoMetadata(container, file).length).toBe(file.length);
        outcomes.cleaned++;
      } catch (err) {
        if (!(err instanceof VideoRejected)) throw new Error(`round ${round}: ${String(err)}`, { cause: err });
        outcomes.refused++;
      }
    }
    // Both outcomes happen: the damage is neither always fatal nor always harmless.
    expect(outcomes.cleaned).toBeGreaterThan(100);
    expect(outcomes.refused).toBeGreaterThan(100);
  });
});
