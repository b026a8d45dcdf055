import * as React from 'react';
import { UserIcon } from 'lucide-react';
import { LIMITS } from '@bayclub/shared';
import { cn } from '#/lib/utils';

/** `url` with a cache-busting `retry` parameter (kept after any `?v=` the server put there). */
export function withRetryParam(url: string, attempt: number): string {
  if (attempt === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;
}

interface AvatarWithRetryProps {
  /** The picture to show; null shows the placeholder at once. */
  src: string | null;
  /** Text alternative of the picture (the placeholder icon is decorative). */
  alt: string;
  className?: string;
  /** How many times a failed load is tried again (spec 9: 2). */
  retries?: number;
}

/**
 * Spec 2: a round avatar that retries a failed load up to `retries` times with a cache-busting
 * parameter, then gives up and shows a placeholder user icon.
 */
export function AvatarWithRetry({ src, alt, className, retries = LIMITS.avatarRetries }: AvatarWithRetryProps) {
  return (
    <span
      data-slot="avatar"
      className={cn('relative flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted', className)}
    >
      {/* A new picture starts again from attempt 0. */}
      {src ? <RetryingImage key={src} src={src} alt={alt} retries={retries} /> : <Placeholder />}
    </span>
  );
}

function RetryingImage({ src, alt, retries }: { src: string; alt: string; retries: number }) {
  const [attempt, setAttempt] = React.useState(0);
  const failed = attempt > retries;
  if (failed) return <Placeholder />;
  return (
    <img
      src={withRetryParam(src, attempt)}
      alt={alt}
      className="size-full object-cover"
      onError={() => setAttempt((a) => a + 1)}
    />
  );
}

function Placeholder() {
  return (
    <UserIcon
      data-testid="avatar-placeholder"
      aria-hidden="true"
      className="size-1/2 text-muted-foreground"
    />
  );
}
