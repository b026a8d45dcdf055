import * as React from 'react';
import type { PublicSettings } from '@bayclub/shared';
import { cn } from '#/lib/utils';
import './landing-cover.css';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** The visitor asked their system for less motion: a looping background video is exactly what they meant. */
function usePrefersReducedMotion() {
  return React.useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/**
 * The hero background: the admin's video or image when the cover type asks for it and a URL is set,
 * otherwise a drawn Tampa Bay dusk. The cover image is the video's poster (shown while it loads) and, for visitors
 * who prefer reduced motion, stands in for it. Purely decorative, so hidden from assistive technology.
 */
export function LandingCover({ settings, className }: { settings: PublicSettings | undefined; className?: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const type = settings?.landing_cover_type === 'video' ? 'video' : 'image';
  const poster = settings?.landing_cover_url || undefined;
  const video = type === 'video' && !(reducedMotion && poster) ? settings?.landing_video_url : null;
  const image = type === 'image' || reducedMotion ? settings?.landing_cover_url : null;

  return (
    <div aria-hidden="true" className={cn('absolute inset-0 -z-10 overflow-hidden', className)}>
      {video ? (
        <video
          data-testid="landing-cover-video"
          className="size-full object-cover"
          src={video}
          poster={poster}
          autoPlay={!reducedMotion}
          muted
          loop
          playsInline
          preload="auto"
        />
      ) : image ? (
        <img data-testid="landing-cover-image" className="size-full object-cover" src={image} alt="" />
      ) : (
        <div data-testid="landing-cover-default" className="bay-cover relative size-full">
          <div className="bay-cover-stars absolute inset-x-0 top-0 h-1/2" />
        </div>
      )}
    </div>
  );
}
