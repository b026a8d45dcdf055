import * as React from 'react';
import { CameraIcon, CameraOffIcon } from 'lucide-react';
import { catalog } from '#/components/i18n';
import { Button } from '#/components/ui/button';
import { useT } from '#/lib/i18n';
import { createQrDetector, type QrDetector } from './decode-qr';

type CameraState = 'idle' | 'starting' | 'running' | 'paused' | 'denied' | 'unavailable' | 'error';

/** What the scanner says per camera state; a page with no typed-code fallback passes its own texts. */
export type ScannerMessages = Partial<Record<CameraState, string>>;

/** The default texts' ids (pointing to a typed code below the camera). */
const MESSAGES: ScannerMessages = {
  denied: 'components.qr.denied',
  unavailable: 'components.qr.unavailable',
  error: 'components.qr.error',
  paused: 'components.qr.paused',
};

/** About 8 frames a second: quick enough at the door, light on a phone's battery. */
const FRAME_MS = 125;

/**
 * The door's camera: the back camera (facingMode environment), read about 8 times a second by BarcodeDetector or
 * jsQR. It stops when the page unmounts or the tab is hidden (and starts again when it is shown), so the camera
 * light never stays on behind the member's back. `paused` skips frames while a check-in is on its way.
 */
export function QrScanner({
  onScan,
  paused,
  messages,
  videoLabel,
}: {
  onScan: (text: string) => void;
  paused: boolean;
  messages?: ScannerMessages;
  videoLabel?: string;
}) {
  const t = useT(catalog);
  const [state, setState] = React.useState<CameraState>('idle');
  const video = React.useRef<HTMLVideoElement>(null);
  const stream = React.useRef<MediaStream | null>(null);
  const timer = React.useRef<number | undefined>(undefined);
  /** Each start gets a number: a frame of an earlier start still being read never schedules another. */
  const run = React.useRef(0);
  const live = React.useRef({ onScan, paused });
  React.useEffect(() => {
    live.current = { onScan, paused };
  });

  const stop = React.useCallback(() => {
    run.current += 1;
    window.clearTimeout(timer.current);
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  }, []);

  const start = React.useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) return setState('unavailable');
    setState('starting');
    const mine = run.current;
    let detector: QrDetector;
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      detector = await createQrDetector();
      // Stopped (left the page, hid the tab) while the camera was starting.
      if (run.current !== mine || !video.current || !stream.current) return stop();
      video.current.srcObject = stream.current;
      await video.current.play();
    } catch (e) {
      stop();
      const name = e instanceof DOMException ? e.name : '';
      return setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : name === 'NotFoundError' ? 'unavailable' : 'error');
    }
    if (run.current !== mine) return;
    setState('running');
    const tick = async () => {
      if (run.current !== mine) return;
      if (!live.current.paused && video.current) {
        const text = await detector.detect(video.current).catch(() => null);
        if (text && run.current === mine) live.current.onScan(text);
      }
      if (run.current === mine) timer.current = window.setTimeout(() => void tick(), FRAME_MS);
    };
    void tick();
  }, [stop]);

  React.useEffect(() => stop, [stop]);
  React.useEffect(() => {
    const onVisibility = () => {
      if (document.hidden && stream.current) {
        stop();
        setState('paused');
      } else if (!document.hidden && state === 'paused') void start();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [start, stop, state]);

  const running = state === 'running';
  const defaultMessage = MESSAGES[state];
  const message = messages ? messages[state] : defaultMessage && t(defaultMessage);
  return (
    <div className="grid gap-3">
      <div className="relative aspect-square w-full max-w-sm overflow-hidden rounded-lg bg-black/90" hidden={!running && state !== 'starting'}>
        <video ref={video} muted playsInline aria-label={videoLabel ?? t('components.qr.videoLabel')} className="size-full object-cover" />
      </div>
      {message && (
        <p role={state === 'paused' ? 'status' : 'alert'} className="text-sm">
          {message}
        </p>
      )}
      {running ? (
        <Button variant="outline" onClick={() => (stop(), setState('idle'))}>
          <CameraOffIcon aria-hidden="true" />
          {t('components.qr.stop')}
        </Button>
      ) : (
        <Button onClick={() => void start()} disabled={state === 'starting'}>
          <CameraIcon aria-hidden="true" />
          {state === 'idle' ? t('components.qr.start') : t('components.qr.tryAgain')}
        </Button>
      )}
    </div>
  );
}
