import * as React from 'react';
import { toast } from 'sonner';
import { FilmIcon, ImageUpIcon } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import {
  LANDING_VIDEO_TYPES,
  PROFILE_PICTURE_TYPES,
  SITE_ASSET_LIMITS,
  SITE_ASSET_MESSAGES,
  type SiteAssetKind,
} from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { isApiError } from '#/lib/api';
import { sharedText, useSharedText, useT } from '#/lib/i18n';
import { useAdminSettingsQuery, useUploadSiteAssetMutation } from './api';
import { catalog } from './i18n';
import type { SettingsFormValues } from './settings-model';
import { capturePosterFrame } from './video-poster';

/** Texts are catalogue ids, except the shared SITE_ASSET_MESSAGES (shown through sharedText). */
interface AssetCopy {
  label: string;
  button: string;
  hint: string;
  /** The setting whose file the preview shows (for the video: its poster, the cover image). */
  preview: 'favicon_url' | 'landing_cover_url' | 'verification_badge_url';
  previewAlt: string;
  types: readonly string[];
  invalidType: string;
  maxBytes: number;
  tooLarge: string;
  success: () => void;
  failure: () => void;
}

const ASSET: Record<SiteAssetKind, AssetCopy> = {
  favicon: {
    label: 'admin.assets.favicon.label',
    button: 'admin.assets.favicon.button',
    hint: 'admin.assets.favicon.hint',
    preview: 'favicon_url',
    previewAlt: 'admin.assets.favicon.previewAlt',
    types: PROFILE_PICTURE_TYPES,
    invalidType: SITE_ASSET_MESSAGES.invalidType,
    maxBytes: SITE_ASSET_LIMITS.faviconMaxBytes,
    tooLarge: SITE_ASSET_MESSAGES.faviconTooLarge,
    success: () => toast.success(sharedText(SITE_ASSET_MESSAGES.faviconUploaded)),
    failure: () => toast.error(sharedText(SITE_ASSET_MESSAGES.faviconErrorTitle), { description: sharedText(SITE_ASSET_MESSAGES.faviconFailed) }),
  },
  'landing-cover': {
    label: 'admin.assets.cover.label',
    button: 'admin.assets.cover.button',
    hint: 'admin.assets.cover.hint',
    preview: 'landing_cover_url',
    previewAlt: 'admin.assets.cover.previewAlt',
    types: PROFILE_PICTURE_TYPES,
    invalidType: SITE_ASSET_MESSAGES.invalidType,
    maxBytes: SITE_ASSET_LIMITS.coverMaxBytes,
    tooLarge: SITE_ASSET_MESSAGES.coverTooLarge,
    success: () => toast.success(sharedText(SITE_ASSET_MESSAGES.coverUploaded)),
    failure: () => toast.error(sharedText(SITE_ASSET_MESSAGES.faviconErrorTitle), { description: sharedText(SITE_ASSET_MESSAGES.coverFailed) }),
  },
  'landing-video': {
    label: 'admin.assets.video.label',
    button: 'admin.assets.video.button',
    hint: 'admin.assets.video.hint',
    preview: 'landing_cover_url',
    previewAlt: 'admin.assets.video.previewAlt',
    types: LANDING_VIDEO_TYPES,
    invalidType: SITE_ASSET_MESSAGES.videoInvalidType,
    maxBytes: SITE_ASSET_LIMITS.videoMaxBytes,
    tooLarge: SITE_ASSET_MESSAGES.videoTooLarge,
    success: () => toast.success(sharedText(SITE_ASSET_MESSAGES.videoUploaded)),
    failure: () => toast.error(sharedText(SITE_ASSET_MESSAGES.faviconErrorTitle), { description: sharedText(SITE_ASSET_MESSAGES.videoFailed) }),
  },
  'verification-badge': {
    label: 'admin.assets.badge.label',
    button: 'admin.assets.badge.button',
    hint: 'admin.assets.badge.hint',
    preview: 'verification_badge_url',
    previewAlt: 'admin.assets.badge.previewAlt',
    types: PROFILE_PICTURE_TYPES,
    invalidType: SITE_ASSET_MESSAGES.invalidType,
    maxBytes: SITE_ASSET_LIMITS.badgeMaxBytes,
    tooLarge: SITE_ASSET_MESSAGES.badgeTooLarge,
    success: () => toast.success(sharedText(SITE_ASSET_MESSAGES.badgeUploaded)),
    failure: () => toast.error(sharedText(SITE_ASSET_MESSAGES.faviconErrorTitle), { description: sharedText(SITE_ASSET_MESSAGES.badgeFailed) }),
  },
};

/**
 * Upload the favicon, the landing cover image or video, or the verification badge (spec 7: app-assets and
 * landing-covers buckets). The server stores it and saves the settings at once; the form's fields follow without
 * becoming unsaved changes.
 */
export function SiteAssetUpload({ kind }: { kind: SiteAssetKind }) {
  const t = useT(catalog);
  const s = useSharedText();
  const asset = ASSET[kind];
  const inputId = React.useId();
  const messageId = `${inputId}-message`;
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const upload = useUploadSiteAssetMutation(kind);
  const settings = useAdminSettingsQuery().data;
  const form = useFormContext<SettingsFormValues>();
  const current = settings?.[asset.preview] || null;
  const [preparing, setPreparing] = React.useState(false);
  const busy = preparing || upload.isPending;

  async function handleFile(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    if (!asset.types.includes(file.type)) return setProblem(s(asset.invalidType));
    if (file.size > asset.maxBytes) return setProblem(s(asset.tooLarge));
    try {
      let poster: Blob | null = null;
      if (kind === 'landing-video') {
        setPreparing(true);
        poster = await capturePosterFrame(file).finally(() => setPreparing(false));
      }
      const { url, settings: saved } = await upload.mutateAsync({ file, poster });
      // The server saved these: the form takes them as its new starting point, not as edits.
      if (kind === 'landing-cover') form.resetField('landing_cover_url', { defaultValue: url });
      if (kind === 'verification-badge') form.resetField('verification_badge_url', { defaultValue: url });
      if (kind === 'landing-video') {
        form.resetField('landing_video_url', { defaultValue: url });
        form.resetField('landing_cover_url', { defaultValue: saved.landing_cover_url ?? '' });
      }
      if (kind === 'landing-cover' || kind === 'landing-video') {
        form.resetField('landing_cover_type', { defaultValue: kind === 'landing-video' ? 'video' : 'image' });
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
        {t(asset.label)}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {current ? (
            <img src={current} alt={t(asset.previewAlt)} className="size-full object-cover" />
          ) : kind === 'landing-video' ? (
            <FilmIcon aria-hidden="true" className="size-6 text-muted-foreground" />
          ) : (
            <ImageUpIcon aria-hidden="true" className="size-6 text-muted-foreground" />
          )}
        </div>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={asset.types.join(',')}
          className="sr-only"
          aria-label={t(asset.button)}
          aria-describedby={messageId}
          disabled={busy}
          onChange={(e) => {
            void handleFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => inputRef.current?.click()}>
          {busy ? <Spinner /> : kind === 'landing-video' ? <FilmIcon aria-hidden="true" /> : <ImageUpIcon aria-hidden="true" />}
          {preparing ? t('admin.assets.preparing') : upload.isPending ? t('admin.assets.uploading') : t(asset.button)}
        </Button>
      </div>
      <p id={messageId} aria-live="polite" className={problem ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
        {problem ?? t(asset.hint)}
      </p>
    </div>
  );
}
