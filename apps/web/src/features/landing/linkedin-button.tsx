import { LINKEDIN_MESSAGES } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useSharedText } from '#/lib/i18n';
import { linkedinStartUrl } from './api';

/** LinkedIn's "in" mark, drawn inline (no brand icon in lucide); decorative next to the button's text. */
function LinkedinMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z" />
    </svg>
  );
}

/**
 * "Continue with LinkedIn" (Apply) or "Sign in with LinkedIn" (sign-in page): a plain link, since the round-trip
 * leaves the app (the server starts it with a signed state, decision 034).
 */
export function LinkedinButton({ intent }: { intent: 'apply' | 'signin' }) {
  const s = useSharedText();
  return (
    <Button asChild size="lg" className="w-full bg-[#0a66c2] text-white hover:bg-[#004182]">
      <a href={linkedinStartUrl(intent)}>
        <LinkedinMark />
        {s(intent === 'apply' ? LINKEDIN_MESSAGES.continueWith : LINKEDIN_MESSAGES.signInWith)}
      </a>
    </Button>
  );
}
