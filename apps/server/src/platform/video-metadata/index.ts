import { stripIsoBmffMetadata } from './iso-bmff.js';
import { malformed } from './rejected.js';
import { stripWebmMetadata } from './webm.js';

export { VideoRejected } from './rejected.js';
export { sniffVideoFormat, VIDEO_SNIFF_BYTES, VIDEO_TYPES, type VideoFormat } from './sniff.js';

/** The container families we can clean: MP4 and QuickTime share ISO-BMFF boxes; WebM is EBML. */
export type VideoContainer = 'iso-bmff' | 'webm';

/**
 * A copy of the video with everything that is not needed to play it blanked in place (location, dates,
 * titles, device and editing metadata, tracks other than video and sound): same size, same offsets, so it
 * plays as before. Throws VideoRejected when the file cannot be cleaned safely.
 */
export function stripVideoMetadata(container: VideoContainer, data: Buffer): Buffer {
  try {
    return container === 'webm' ? stripWebmMetadata(data) : stripIsoBmffMetadata(data);
  } catch (err) {
    // A read past the end of the buffer is a structure the walkers' own checks missed: the client's file is
    // refused like any other malformed one, never a 500.
    if (err instanceof RangeError) throw malformed(`unreadable structure: ${err.message}`);
    throw err;
  }
}
