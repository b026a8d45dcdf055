import { Share2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { isReservedSlug } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { t, useT } from '#/lib/i18n';
import { catalog } from './i18n';

/**
 * The public link of a profile: `/{username}` (the slug handler resolves it), else `/view-profile/{id}`; also for a
 * username taken before it became reserved, whose `/{username}` opens an app page instead (decision 009).
 */
export function profileShareUrl(profile: { id: string; username: string | null }, origin = window.location.origin): string {
  return profile.username && !isReservedSlug(profile.username)
    ? `${origin}/${encodeURIComponent(profile.username)}`
    : `${origin}/view-profile/${encodeURIComponent(profile.id)}`;
}

/** The share toasts, in the page's language when read (the button has loaded the catalogue). */
export const SHARE_MESSAGES = {
  get copied() {
    return t('profile.share.copied');
  },
  get failed() {
    return t('profile.share.failed');
  },
};

/** Copy the link; where the clipboard is unavailable or refused, offer the system share sheet; else say so. */
export async function shareProfileLink(url: string, title: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    toast.success(SHARE_MESSAGES.copied);
    return;
  } catch {
    // fall through to the Web Share API
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The member closed the share sheet: nothing went wrong.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  toast.error(SHARE_MESSAGES.failed, { description: url });
}

/** Spec 2: the owner's Share button copies the profile link. */
export function ShareProfileButton({ profile }: { profile: { id: string; username: string | null; fullName: string | null } }) {
  const translate = useT(catalog);
  return (
    <Button
      variant="outline"
      onClick={() => void shareProfileLink(profileShareUrl(profile), profile.fullName || translate('profile.share.fallbackTitle'))}
    >
      <Share2Icon aria-hidden="true" />
      {translate('profile.share.button')}
    </Button>
  );
}
