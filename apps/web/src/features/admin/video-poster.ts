/** Resolve on `event`, reject on the element's error or after `ms` (a codec the browser lacks never fires either). */
function once(video: HTMLVideoElement, event: string, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => done(new Error(`no ${event}`)), ms);
    const ok = () => done();
    const fail = () => done(new Error('video error'));
    function done(error?: Error) {
      window.clearTimeout(timer);
      video.removeEventListener(event, ok);
      video.removeEventListener('error', fail);
      if (error) reject(error);
      else resolve();
    }
    video.addEventListener(event, ok);
    video.addEventListener('error', fail);
  });
}

/**
 * A poster for the landing video: one frame drawn from the chosen file in the admin's own browser (the server never
 * decodes videos). A third of the way in, at most 1 s, because the very first frame is often black (a fade-in).
 * Null when this browser cannot decode the file: the upload goes on without a poster and the cover image stays.
 */
export async function capturePosterFrame(file: Blob, timeoutMs = 8000): Promise<Blob | null> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = once(video, 'loadeddata', timeoutMs);
    video.src = url;
    await loaded;
    // A browser's own recordings report an infinite duration: their first frame is the poster.
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    const at = Math.min(1, duration / 3);
    if (at > 0) {
      const seeked = once(video, 'seeked', timeoutMs);
      video.currentTime = at;
      await seeked;
    }
    if (!video.videoWidth || !video.videoHeight) return null;
    const scale = Math.min(1, 1920 / video.videoWidth);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  } catch {
    return null;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
