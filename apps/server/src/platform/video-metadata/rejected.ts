/**
 * Why a video cannot be stored: `malformed` when its container does not hold together (a size past its
 * parent's end, a table pointing outside the media data...), so we cannot tell metadata from media;
 * `unremovable` when it is well formed but carries data we find yet cannot blank without breaking the
 * file (a timed-metadata track in a fragmented MP4). The message is for logs, never for the client.
 */
export class VideoRejected extends Error {
  constructor(
    readonly reason: 'malformed' | 'unremovable',
    message: string,
  ) {
    super(message);
    this.name = 'VideoRejected';
  }
}

export const malformed = (message: string) => new VideoRejected('malformed', message);
