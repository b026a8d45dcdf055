import * as React from 'react';
import { toast } from 'sonner';
import { ImageUpIcon } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { PROFILE_PICTURE_TYPES, SITE_ASSET_LIMITS, SITE_ASSET_MESSAGES, type SiteAssetKind } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { isApiError } from '#/lib/api';
import { useAdminSettingsQuery, useUploadSiteAssetMutation } from './api';
import type { SettingsFormValues } from './settings-model';

const ASSET = {
  favicon: {
    label: 'Favicon',
    button: 'Upload favicon',
    hint: 'JPEG, PNG or WebP, up to 2MB. Shown square (512 px) in browser tabs and on home screens.',
    setting: 'favicon_url',
    maxBytes: SITE_ASSET_LIMITS.faviconMaxBytes,
    tooLarge: SITE_ASSET_MESSAGES.faviconTooLarge,
    success: () => toast.success(SITE_ASSET_MESSAGES.faviconUploaded),
    failure: () => toast.error(SITE_ASSET_MESSAGES.faviconErrorTitle, { description: SITE_ASSET_MESSAGES.faviconFailed }),
  },
  'landing-cover': {
    label: 'Cover image',
    button: 'Upload cover image',
    hint: 'JPEG, PNG or WebP, up to 10MB. A wide photo works best; it becomes the image cover.',
    setting: 'landing_cover_url',
    maxBytes: SITE_ASSET_LIMITS.coverMaxBytes,
    tooLarge: SITE_ASSET_MESSAGES.coverTooLarge,
    success: () => toast.success(SITE_ASSET_MESSAGES.coverUploaded),
    failure: () => toast.error(SITE_ASSET_MESSAGES.faviconErrorTitle, { description: SITE_ASSET_MESSAGES.coverFailed }),
  },
} as const;

/**
 * Upload the favicon or the landing cover (spec 7: app-assets and landing-covers buckets). The server stores it
 * and saves the setting at once; the form's field follows without becoming an unsaved change.
 */
export function SiteAssetUpload({ kind }: { kind: SiteAssetKind }) {
  const asset = ASSET[kind];
  const inputId = React.useId();
  const messageId = `${inputId}-message`;
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const upload = useUploadSiteAssetMutation(kind);
  const settings = useAdminSettingsQuery().data;
  const form = useFormContext<SettingsFormValues>();
  const current = settings?.[asset.setting] || null;

  async function handleFile(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return setProblem(SITE_ASSET_MESSAGES.invalidType);
    if (file.size > asset.maxBytes) return setProblem(asset.tooLarge);
    try {
      const { url } = await upload.mutateAsync(file);
      if (kind === 'landing-cover') {
        form.resetField('landing_cover_url', { defaultValue: url });
        form.resetField('landing_cover_type', { defaultValue: 'image' });
      }
      asset.success();
    } catch (error) {
      setProblem(isApiError(error) && error.status < 500 && error.status > 0 ? error.message : null);
      asset.failure();
    }
  }

  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium" id={`${inputId}-label`}>
        {asset.label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {current ? (
            <img src={current} alt={`Current ${asset.label.toLowerCase()}`} className="size-full object-cover" />
          ) : (
            <ImageUpIcon aria-hidden="true" className="size-6 text-muted-foreground" />
          )}
        </div>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={PROFILE_PICTURE_TYPES.join(',')}
          className="sr-only"
          aria-label={asset.button}
          aria-describedby={messageId}
          disabled={upload.isPending}
          onChange={(e) => {
            void handleFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button type="button" variant="outline" size="sm" disabled={upload.isPending} onClick={() => inputRef.current?.click()}>
          {upload.isPending ? <Spinner /> : <ImageUpIcon aria-hidden="true" />}
          {upload.isPending ? 'Uploading...' : asset.button}
        </Button>
      </div>
      <p id={messageId} aria-live="polite" className={problem ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
        {problem ?? asset.hint}
      </p>
    </div>
  );
}
