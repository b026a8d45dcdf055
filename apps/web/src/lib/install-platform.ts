/** Where /get-app is opened: it decides which way to install the app is shown. */
export type InstallPlatform = 'ios-safari' | 'ios-other' | 'android' | 'desktop';

/**
 * From the user agent and the pointer: iPhone, iPod and iPad (iPadOS reports itself as a Mac with touch), then
 * Safari or another browser there (Chrome and Firefox on iOS cannot add to the Home Screen before iOS 16.4 and
 * say so differently, so we send them to Safari); Android; everything else is a computer.
 */
export function installPlatform(ua: string, maxTouchPoints: number): InstallPlatform {
  const ios = /iPhone|iPad|iPod/i.test(ua) || (/Macintosh/i.test(ua) && maxTouchPoints > 1);
  if (ios) return /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//i.test(ua) ? 'ios-other' : 'ios-safari';
  if (/Android/i.test(ua)) return 'android';
  return 'desktop';
}

/** This browser's platform (the push prompt and /get-app). */
export const currentInstallPlatform = (): InstallPlatform =>
  typeof navigator === 'undefined' ? 'desktop' : installPlatform(navigator.userAgent, navigator.maxTouchPoints ?? 0);
