// Face of the instagram feature (decision 033): Settings → Social's link, the OAuth return's toasts, the verified mark.
export { InstagramConnect } from './instagram-connect';
export { useInstagramCallback } from './use-instagram-callback';
export { VerifiedInstagramMark } from './verified-mark';
