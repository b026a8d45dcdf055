import { socialProfileUrl, type PublicProfileView, type SocialNetwork } from '@bayclub/shared';
import { VerifiedInstagramMark } from '#/features/instagram';
import { useT } from '#/lib/i18n';
import { SocialIcon } from './social-icons';
import { catalog } from './i18n';

export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

type SocialFields = Pick<PublicProfileView, 'instagramUsername' | 'tiktokUsername' | 'linkedinUsername' | 'youtubeUsername'> & {
  /** Linked through Instagram (decision 033): the Instagram link carries the verified mark. */
  instagramVerified?: boolean;
};

/** The networks a member has set, in the spec's order. */
export function socialLinks(profile: SocialFields): Array<{ network: SocialNetwork; href: string }> {
  const values: Array<[SocialNetwork, string | null]> = [
    ['instagram', profile.instagramUsername],
    ['tiktok', profile.tiktokUsername],
    ['linkedin', profile.linkedinUsername],
    ['youtube', profile.youtubeUsername],
  ];
  return values
    .filter((entry): entry is [SocialNetwork, string] => Boolean(entry[1]?.trim()))
    .map(([network, value]) => ({ network, href: socialProfileUrl(network, value) }));
}

/** Icon links to the member's social profiles (only those set); each opens in a new tab. */
export function SocialLinks({ profile }: { profile: SocialFields }) {
  const links = socialLinks(profile);
  const t = useT(catalog);
  if (links.length === 0) return null;
  return (
    <ul aria-label={t('profile.social.list')} className="flex flex-wrap items-center justify-center gap-1 sm:justify-start">
      {links.map(({ network, href }) => {
        const verified = network === 'instagram' && !!profile.instagramVerified;
        return (
        <li key={network} className="inline-flex items-center">
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('profile.social.link', { network: SOCIAL_NETWORK_LABELS[network], verified: verified ? 'yes' : 'no' })}
            className="inline-flex size-10 items-center justify-center rounded-full text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <SocialIcon network={network} className="size-5" />
          </a>
          {verified && <VerifiedInstagramMark className="-ml-2" />}
        </li>
        );
      })}
    </ul>
  );
}
