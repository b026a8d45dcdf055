import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { COMMUNITY_MESSAGES, createCommunitySchema, slugFromName, type CommunityView, type CreateCommunityInput } from '@bayclub/shared';
import { AfterSaveStep, DialogForm, FormDialog, useSavedStep } from '#/components/form-dialog';
import { useSharedText, useT } from '#/lib/i18n';
import { useCommunityQuery, useCreateCommunityMutation } from './api';
import { CommunityFields } from './community-fields';
import { CommunityImages } from './community-images';
import { catalog } from './i18n';
import { isSlugBlocked, useSlugAvailability } from './use-slug-availability';

const DEFAULTS: CreateCommunityInput = {
  name: '',
  urlSlug: '',
  description: '',
  visibility: 'public',
  joinPolicy: 'open',
  city: null,
  interests: [],
};

/**
 * Create a community: the details first (the address follows the name until it is edited, and is checked live),
 * then the cover and avatar, which the community can do without (a failed upload says why and can be retried).
 */
export function CreateCommunityDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { saved: created, setSaved, close } = useSavedStep<CommunityView>(onOpenChange, (community) => `/community/${community.id}`);
  const t = useT(catalog);
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={created ? t('communities.create.imagesTitle') : t('communities.create.title')}
      description={created ? t('communities.create.imagesDescription', { name: created.name }) : t('communities.create.description')}
    >
      {created ? <ImagesStep created={created} onDone={() => close(false)} /> : <DetailsStep onCreated={setSaved} />}
    </FormDialog>
  );
}

function DetailsStep({ onCreated }: { onCreated: (community: CommunityView) => void }) {
  const create = useCreateCommunityMutation();
  const [slugEdited, setSlugEdited] = React.useState(false);
  const t = useT(catalog);
  const s = useSharedText();
  const form = useForm<CreateCommunityInput>({
    resolver: zodResolver(createCommunitySchema, undefined, { raw: true }),
    defaultValues: DEFAULTS,
    mode: 'onTouched',
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const slug = useWatch({ control: form.control, name: 'urlSlug' });
  const slugStatus = useSlugAvailability(slug ?? '');

  // The suggested address follows the name until the member edits the address themselves.
  React.useEffect(() => {
    if (!slugEdited) form.setValue('urlSlug', slugFromName(name ?? ''), { shouldValidate: form.formState.isSubmitted });
  }, [name, slugEdited, form]);

  const save = async (values: CreateCommunityInput) => {
    const community = await create.mutateAsync(values);
    toast.success(s(COMMUNITY_MESSAGES.created));
    onCreated(community);
  };

  return (
    <DialogForm
      form={form}
      label={t('communities.create.title')}
      onSubmit={save}
      submitLabel={t('communities.create.submit')}
      busyLabel={t('communities.create.busy')}
      blocked={isSlugBlocked(slugStatus)}
    >
      <CommunityFields slugStatus={slugStatus} onSlugEdited={() => setSlugEdited(true)} />
    </DialogForm>
  );
}

function ImagesStep({ created, onDone }: { created: CommunityView; onDone: () => void }) {
  const community = useCommunityQuery(created.id).data ?? created;
  const t = useT(catalog);
  return (
    <AfterSaveStep doneLabel={t('communities.create.done')} onDone={onDone}>
      <CommunityImages community={community} />
    </AfterSaveStep>
  );
}
