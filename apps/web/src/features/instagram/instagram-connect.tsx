import { Link2Icon, Unlink2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { INSTAGRAM_TOASTS, type OwnProfileView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Trans, useSharedText, useT } from '#/lib/i18n';
import { useDisconnectInstagramMutation, useStartInstagramMutation } from './api';
import { catalog } from './i18n';
import { VerifiedInstagramMark } from './verified-mark';

/** Where the browser goes; a seam for tests (jsdom cannot navigate). */
export const browser = { go: (url: string) => window.location.assign(url) };

/**
 * Settings → Social: link a professional Instagram account through Instagram, or show the linked handle with
 * Disconnect. Honest about what Instagram allows: personal accounts cannot link, their typed handle stays unverified.
 */
export function InstagramConnect({ profile, canLink, onDisconnected }: {
  profile: Pick<OwnProfileView, 'instagramUsername' | 'instagramVerified'>;
  /** Full-platform members link (spec 1). */
  canLink: boolean;
  onDisconnected?: () => void;
}) {
  const start = useStartInstagramMutation();
  const disconnect = useDisconnectInstagramMutation();
  const t = useT(catalog);
  const s = useSharedText();
  const linked = profile.instagramVerified && !!profile.instagramUsername;

  const handleLink = () =>
    start.mutate(undefined, {
      onSuccess: ({ authorizeUrl }) => browser.go(authorizeUrl),
      onError: () => toast.error(s(INSTAGRAM_TOASTS.connectFailed)),
    });
  const handleDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => {
        toast.success(s(INSTAGRAM_TOASTS.disconnected));
        onDisconnected?.();
      },
      onError: () => toast.error(s(INSTAGRAM_TOASTS.disconnectFailed)),
    });

  return (
    <section aria-labelledby="instagram-account-title" className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <h3 id="instagram-account-title" className="text-sm font-medium">
          {t('instagram.title')}
        </h3>
        {linked ? (
          <p className="inline-flex items-center gap-1 text-sm">
            <Trans
              catalog={catalog}
              id="instagram.linkedAs"
              values={{ username: profile.instagramUsername }}
              components={{ 0: <span className="font-medium" /> }}
            />
            <VerifiedInstagramMark />
          </p>
        ) : (
          <p id="instagram-connect-note" className="text-sm text-muted-foreground">
            {t('instagram.note')}
          </p>
        )}
      </div>
      {linked ? (
        <Button type="button" variant="outline" onClick={handleDisconnect} disabled={disconnect.isPending}>
          <Unlink2Icon aria-hidden="true" /> {disconnect.isPending ? t('instagram.disconnecting') : t('instagram.disconnect')}
        </Button>
      ) : (
        canLink && (
          <Button type="button" variant="outline" onClick={handleLink} disabled={start.isPending} aria-describedby="instagram-connect-note">
            <Link2Icon aria-hidden="true" /> {start.isPending ? t('instagram.opening') : t('instagram.link')}
          </Button>
        )
      )}
    </section>
  );
}
