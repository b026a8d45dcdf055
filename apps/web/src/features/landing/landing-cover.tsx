import type { PublicSettings } from '@bayclub/shared';
import { cn } from '#/lib/utils';
import './landing-cover.css';

/**
 * The hero background: the admin's video or image when the cover type asks for it and a URL is set,
 * otherwise a drawn Tampa Bay dusk. Purely decorative, so hidden from assistive technology.
 */
export function LandingCover({ settings, className }: { settings: PublicSettings | undefined; className?: string }) {
  const type = settings?.landing_cover_type === 'video' ? 'video' : 'image';
  const video = type === 'video' ? settings?.landing_video_url : null;
  const image = type === 'image' ? settings?.landing_cover_url : null;

  return (
    <div aria-hidden="true" className={cn('absolute inset-0 -z-10 overflow-hidden', className)}>
      {video ? (
        <video
          data-testid="landing-cover-video"
          className="size-full object-cover"
          src={video}
          autoPlay
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
