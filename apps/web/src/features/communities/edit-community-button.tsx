import * as React from 'react';
import { PencilIcon } from 'lucide-react';
import type { CommunityView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { lazyNamed } from '#/lib/lazy-named';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

// The form's code (react-hook-form, the schema) loads when a creator opens it, not with every community page.
const EditCommunityDialog = lazyNamed(() => import('./edit-community-dialog'), 'EditCommunityDialog');

/** Edit, for the creator and admins: details, images, delete. */
export function EditCommunityButton({ community }: { community: CommunityView }) {
  const [open, setOpen] = React.useState(false);
  const t = useT(catalog);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} onPointerEnter={() => void EditCommunityDialog.preload()}>
        <PencilIcon aria-hidden="true" />
        {t('communities.edit.button')}
      </Button>
      {open && (
        <React.Suspense fallback={null}>
          <EditCommunityDialog community={community} open={open} onOpenChange={setOpen} />
        </React.Suspense>
      )}
    </>
  );
}
