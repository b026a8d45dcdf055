import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { COMMUNITY_MESSAGES, createCommunitySchema, slugFromName, type CommunityView, type CreateCommunityInput } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#/components/ui/dialog';
import { Form } from '#/components/ui/form';
import { Spinner } from '#/components/ui/spinner';
import { applyFieldErrors, errorMessage } from '#/lib/api';
import { useCommunityQuery, useCreateCommunityMutation } from './api';
import { CommunityFields } from './community-fields';
import { CommunityImages } from './community-images';
import { useSlugAvailability } from './use-slug-availability';
import { FormErrorAlert } from '#/components/form-error-alert';

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
  const [created, setCreated] = React.useState<CommunityView | null>(null);
  const navigate = useNavigate();
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next && created) void navigate(`/community/${created.id}`);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{created ? 'Add images' : 'Create a community'}</DialogTitle>
          <DialogDescription>
            {created ? `${created.name} is ready. Add a cover and an avatar, or do it later from Edit.` : 'Start a place for members who share an interest.'}
          </DialogDescription>
        </DialogHeader>
        {created ? <ImagesStep created={created} onDone={() => close(false)} /> : <DetailsStep onCreated={setCreated} />}
      </DialogContent>
    </Dialog>
  );
}

function DetailsStep({ onCreated }: { onCreated: (community: CommunityView) => void }) {
  const create = useCreateCommunityMutation();
  const [slugEdited, setSlugEdited] = React.useState(false);
  const [formError, setFormError] = React.useState<string | null>(null);
  const form = useForm<CreateCommunityInput>({
    resolver: zodResolver(createCommunitySchema, undefined, { raw: true }),
    defaultValues: DEFAULTS,
    mode: 'onTouched',
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const slug = useWatch({ control: form.control, name: 'urlSlug' });
  const slugStatus = useSlugAvailability(slug ?? '');
  const slugBlocked = slugStatus.state === 'taken' || slugStatus.state === 'invalid';

  // The suggested address follows the name until the member edits the address themselves.
  React.useEffect(() => {
    if (!slugEdited) form.setValue('urlSlug', slugFromName(name ?? ''), { shouldValidate: form.formState.isSubmitted });
  }, [name, slugEdited, form]);

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const community = await create.mutateAsync(values);
      toast.success(COMMUNITY_MESSAGES.created);
      onCreated(community);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError)) setFormError(errorMessage(error));
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form noValidate onSubmit={handleSubmit} aria-label="Create a community" className="grid gap-5">
        <FormErrorAlert message={formError} />
        <CommunityFields slugStatus={slugStatus} onSlugEdited={() => setSlugEdited(true)} />
        <DialogFooter>
          <Button type="submit" disabled={submitting || slugBlocked}>
            {submitting && <Spinner />}
            {submitting ? 'Creating...' : 'Create community'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function ImagesStep({ created, onDone }: { created: CommunityView; onDone: () => void }) {
  const community = useCommunityQuery(created.id).data ?? created;
  return (
    <div className="grid gap-5">
      <CommunityImages community={community} />
      <DialogFooter>
        <Button onClick={onDone}>Go to the community</Button>
      </DialogFooter>
    </div>
  );
}
