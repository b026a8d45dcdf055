import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { COMMUNITY_MESSAGES, createCommunitySchema, type CommunityView, type CreateCommunityInput } from '@bayclub/shared';
import { DialogForm, FormDialog } from '#/components/form-dialog';
import { useSharedText, useT } from '#/lib/i18n';
import { useUpdateCommunityMutation } from './api';
import { CommunityFields } from './community-fields';
import { CommunityImages } from './community-images';
import { DeleteCommunitySection } from './delete-community-section';
import { catalog } from './i18n';
import { isSlugBlocked, useSlugAvailability } from './use-slug-availability';

const valuesOf = (c: CommunityView): CreateCommunityInput => ({
  name: c.name,
  urlSlug: c.urlSlug,
  description: c.description,
  visibility: c.visibility,
  joinPolicy: c.joinPolicy,
  city: c.city,
  interests: c.interests,
});

/** The creator's (and admins') editor: details (the same fields as Create), images, and delete with a confirm. */
export function EditCommunityDialog({
  community,
  open,
  onOpenChange,
}: {
  community: CommunityView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT(catalog);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('communities.edit.title')}
      description={t('communities.edit.description', { name: community.name })}
    >
      <DetailsForm community={community} onSaved={() => onOpenChange(false)} />
      <section aria-labelledby="edit-images" className="grid gap-3 border-t pt-5">
        <h3 id="edit-images" className="font-semibold">
          {t('communities.edit.images')}
        </h3>
        <CommunityImages community={community} />
      </section>
      <DeleteCommunitySection community={community} />
    </FormDialog>
  );
}

function DetailsForm({ community, onSaved }: { community: CommunityView; onSaved: () => void }) {
  const update = useUpdateCommunityMutation(community.id);
  const t = useT(catalog);
  const s = useSharedText();
  const form = useForm<CreateCommunityInput>({
    resolver: zodResolver(createCommunitySchema, undefined, { raw: true }),
    defaultValues: valuesOf(community),
    mode: 'onTouched',
  });
  const slug = useWatch({ control: form.control, name: 'urlSlug' });
  const slugStatus = useSlugAvailability(slug ?? '', { current: community.urlSlug });

  const save = async (values: CreateCommunityInput) => {
    // An unchanged address is not sent: only a new one is checked against the namespace again.
    const { urlSlug, ...rest } = values;
    const changedSlug = urlSlug.trim().toLowerCase() !== community.urlSlug;
    await update.mutateAsync(changedSlug ? { ...rest, urlSlug } : rest);
    toast.success(s(COMMUNITY_MESSAGES.saved));
    onSaved();
  };

  return (
    <DialogForm form={form} label={t('communities.edit.details')} onSubmit={save} submitLabel={t('communities.edit.submit')} blocked={isSlugBlocked(slugStatus)}>
      <CommunityFields slugStatus={slugStatus} onSlugEdited={() => undefined} />
    </DialogForm>
  );
}
