import { BadgeCheckIcon } from 'lucide-react';
import { PROFILE_VIEW_MESSAGES } from '@bayclub/shared';
import { Tooltip, TooltipContent, TooltipTrigger } from '#/components/ui/tooltip';
import { useSharedText } from '#/lib/i18n';
import { usePublicSettings } from '#/lib/public-settings';

/** Spec 2: the verified badge with its 'Verified account' tooltip; the admin-set badge image when there is one. */
export function VerifiedBadge() {
  const badgeUrl = usePublicSettings().data?.verification_badge_url || null;
  const s = useSharedText();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* Focusable so keyboard users get the tooltip too; the hidden text names it for screen readers. */}
        <span tabIndex={0} data-testid="verified-badge" className="inline-flex shrink-0 rounded-full text-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          {badgeUrl ? (
            <img src={badgeUrl} alt="" className="size-6 object-contain" />
          ) : (
            <BadgeCheckIcon aria-hidden="true" className="size-6" />
          )}
          <span className="sr-only">{s(PROFILE_VIEW_MESSAGES.verified)}</span>
        </span>
      </TooltipTrigger>
      <TooltipContent>{s(PROFILE_VIEW_MESSAGES.verified)}</TooltipContent>
    </Tooltip>
  );
}
