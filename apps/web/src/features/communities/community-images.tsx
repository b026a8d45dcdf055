import * as React from 'react';
import { ImageIcon } from 'lucide-react';
import { COMMUNITY_LIMITS, GALLERY_IMAGE_TYPES, imageVariantUrl, type CommunityView } from '@bayclub/shared';
import { Spinner } from '#/components/ui/spinner';
import { errorMessage } from '#/lib/api';
import { useCommunityImageMutation, type CommunityImageKind } from './api';

export const IMAGE_MESSAGES = {
  notImage: 'Choose a JPEG, PNG, WebP, GIF or AVIF image',
  tooLarge: 'The image is too large (max 10MB)',
  failed: (reason: string) => `Upload failed: ${reason}`,
  uploaded: { cover: 'Cover image updated', avatar: 'Avatar updated' },
} as const;

/** The client's checks (the server decides from the bytes again): an image type, 10 MB at most. */
export function checkCommunityImage(file: File): string | null {
  if (!(GALLERY_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.notImage;
  if (file.size > COMMUNITY_LIMITS.imageMaxBytes) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/** Cover and avatar pickers: each uploads as soon as a file is chosen and says how it went. */
export function CommunityImages({ community }: { community: CommunityView }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ImagePicker community={community} kind="cover" label="Cover image" hint="Wide, about 3:1." />
      <ImagePicker community={community} kind="avatar" label="Avatar" hint="Square works best." />
    </div>
  );
}

function ImagePicker({ community, kind, label, hint }: { community: CommunityView; kind: CommunityImageKind; label: string; hint: string }) {
  const upload = useCommunityImageMutation(community.id);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [done, setDone] = React.useState(false);
  const inputId = React.useId();
  const messageId = React.useId();
  const current = imageVariantUrl(kind === 'cover' ? community.coverUrl : community.avatarUrl, 'medium');

  const handleFile = (file: File | undefined) => {
    setDone(false);
    if (!file) return;
    const invalid = checkCommunityImage(file);
    setProblem(invalid);
    if (invalid) return;
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => setDone(true),
        onError: (error) => setProblem(IMAGE_MESSAGES.failed(errorMessage(error))),
      },
    );
  };

  return (
    <div className="grid content-start gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <div className={kind === 'cover' ? 'aspect-[3/1] overflow-hidden rounded-lg border bg-muted' : 'size-24 overflow-hidden rounded-xl border bg-muted'}>
        {current ? (
          <img src={current} alt={`Current ${label.toLowerCase()}`} className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-muted-foreground">
            <ImageIcon aria-hidden="true" className="size-6" />
          </span>
        )}
      </div>
      <input
        id={inputId}
        type="file"
        accept={GALLERY_IMAGE_TYPES.join(',')}
        aria-describedby={messageId}
        disabled={upload.isPending}
        className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
        onChange={(e) => {
          handleFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <p id={messageId} className="text-sm text-muted-foreground" aria-live="polite">
        {upload.isPending ? (
          <span className="inline-flex items-center gap-1.5">
            <Spinner className="size-3.5" /> Uploading...
          </span>
        ) : problem ? (
          <span role="alert" className="text-destructive">
            {problem}
          </span>
        ) : done ? (
          <span className="text-success">{IMAGE_MESSAGES.uploaded[kind]}</span>
        ) : (
          `${hint} JPEG, PNG, WebP, GIF or AVIF, up to 10MB.`
        )}
      </p>
    </div>
  );
}
