import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { COMMUNITY_MESSAGES, createCommunitySchema, type CommunityView, type CreateCommunityInput } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { applyFieldErrors, errorMessage } from '#/lib/api';
import { useUpdateCommunityMutation } from './api';
import { CommunityFields } from './community-fields';
import { CommunityImages } from './community-images';
import { DeleteCommunitySection } from './delete-community-section';
import { useSlugAvailability } from './use-slug-availability';
import { FormErrorAlert } from '#/components/form-error-alert';

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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit community</DialogTitle>
          <DialogDescription>Change what members see about {community.name}.</DialogDescription>
        </DialogHeader>
        <DetailsForm community={community} onSaved={() => onOpenChange(false)} />
        <section aria-labelledby="edit-images" className="grid gap-3 border-t pt-5">
          <h3 id="edit-images" className="font-semibold">
            Images
          </h3>
          <CommunityImages community={community} />
        </section>
        <DeleteCommunitySection community={community} />
      </DialogContent>
    </Dialog>
  );
}

function DetailsForm({ community, onSaved }: { community: CommunityView; onSaved: () => void }) {
  const update = useUpdateCommunityMutation(community.id);
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<CreateCommunityInput>({
    resolver: zodResolver(createCommunitySchema, undefined, { raw: true }),
    defaultValues: valuesOf(community),
    mode: 'onTouched',
  });
  const slug = useWatch({ control: form.control, name: 'urlSlug' });
  const slugStatus = useSlugAvailability(slug ?? '', { current: community.urlSlug });
  const slugBlocked = slugStatus.state === 'taken' || slugStatus.state === 'invalid';

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    // An unchanged address is not sent: only a new one is checked against the namespace again.
    const { urlSlug, ...rest } = values;
    const changedSlug = urlSlug.trim().toLowerCase() !== community.urlSlug;
    try {
      await update.mutateAsync(changedSlug ? { ...rest, urlSlug } : rest);
      toast.success(COMMUNITY_MESSAGES.saved);
      onSaved();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError)) setFormError(errorMessage(error));
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form noValidate onSubmit={handleSubmit} aria-label="Community details" className="grid gap-5">
        <FormErrorAlert message={formError} />
        <CommunityFields slugStatus={slugStatus} onSlugEdited={() => undefined} />
        <DialogFooter>
          <Button type="submit" disabled={submitting || slugBlocked}>
            {submitting && <Spinner />}
            {submitting ? 'Saving...' : 'Save changes'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
