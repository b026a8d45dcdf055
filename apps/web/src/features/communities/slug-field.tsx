import { COMMUNITY_LIMITS, type CreateCommunityInput } from '@bayclub/shared';
import { AvailabilityField } from '#/components/availability-field';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import type { SlugStatus } from './use-slug-availability';

/** The address (/{slug}), lowercased as typed, with the live availability check under it. */
export function SlugField({ status, onEdited }: { status: SlugStatus; onEdited: () => void }) {
  const t = useT(catalog);
  return (
    <AvailabilityField<CreateCommunityInput>
      name="urlSlug"
      label={t('communities.slug.label')}
      prefix="/"
      inputClassName="pl-6"
      status={status}
      idle={t('communities.slug.idle')}
      checking={t('communities.slug.checking')}
      maxLength={COMMUNITY_LIMITS.slugMax}
      autoComplete="off"
      onEdited={onEdited}
    />
  );
}
