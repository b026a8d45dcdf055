import { COMMUNITY_LIMITS, type CreateCommunityInput } from '@bayclub/shared';
import { AvailabilityField } from '#/components/availability-field';
import type { SlugStatus } from './use-slug-availability';

/** The address (/{slug}), lowercased as typed, with the live availability check under it. */
export function SlugField({ status, onEdited }: { status: SlugStatus; onEdited: () => void }) {
  return (
    <AvailabilityField<CreateCommunityInput>
      name="urlSlug"
      label="Address"
      prefix="/"
      inputClassName="pl-6"
      status={status}
      idle="The community's link: lowercase letters, numbers and hyphens."
      checking="Checking the address..."
      maxLength={COMMUNITY_LIMITS.slugMax}
      autoComplete="off"
      onEdited={onEdited}
    />
  );
}
