import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { GALLERY_MESSAGES, type GalleryUploadResult, type ProfileImageView } from '@bayclub/shared';
import { api } from '#/lib/api';
import { sharedText, t } from '#/lib/i18n';
import './i18n';

export const galleryKeys = {
  all: ['gallery'] as const,
  byProfile: (profileId: string) => ['gallery', profileId] as const,
};

export interface GalleryData {
  items: ProfileImageView[];
}

/** GET /api/profiles/:id/images, ordered by imageOrder (at most 12, no paging). */
export const galleryQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: galleryKeys.byProfile(profileId),
    queryFn: ({ signal }) => api.get<GalleryData>(`/api/profiles/${encodeURIComponent(profileId)}/images`, { signal }),
  });

export function useGalleryQuery(profileId: string) {
  return useQuery(galleryQueryOptions(profileId));
}

export interface UploadPhoto {
  file: File;
  caption: string;
}

/** The multipart body of POST /api/me/images: the `captions` JSON first, then one `file` part per photo. */
export function galleryUploadBody(photos: UploadPhoto[]): FormData {
  const body = new FormData();
  body.append('captions', JSON.stringify(photos.map((p) => p.caption.trim() || null)));
  for (const { file } of photos) body.append('file', file, file.name);
  return body;
}

/** POST /api/me/images. The caller keeps its picks on failure (nothing is lost) and clears them on success. */
export function useUploadPhotosMutation(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photos: UploadPhoto[]) => api.post<GalleryUploadResult>('/api/me/images', galleryUploadBody(photos)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: galleryKeys.byProfile(profileId) }),
  });
}

/** DELETE /api/me/images/:id; failure toasts 'Failed to delete image'. */
export function useDeletePhotoMutation(profileId: string) {
  const queryClient = useQueryClient();
  const key = galleryKeys.byProfile(profileId);
  return useMutation({
    mutationFn: (imageId: string) => api.delete<void>(`/api/me/images/${encodeURIComponent(imageId)}`),
    onSuccess: (_data, imageId) => {
      queryClient.setQueryData<GalleryData>(key, (old) => old && { items: old.items.filter((i) => i.id !== imageId) });
    },
    onError: () => {
      toast.error(sharedText(GALLERY_MESSAGES.deleteFailed));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The reorder failure in English, as tests find it (the toast itself is in the page's language). */
export const REORDER_FAILED_MESSAGE = t('gallery.reorder.failed');

/** PUT /api/me/images/order with every id in the new order: shown at once, rolled back if the server refuses. */
export function useReorderPhotosMutation(profileId: string) {
  const queryClient = useQueryClient();
  const key = galleryKeys.byProfile(profileId);
  const mutationKey = ['gallery-order', profileId];
  return useMutation({
    mutationKey,
    // One after another: each reorder sends the whole order, so two in flight could be saved in the wrong order
    // (the earlier one last) and lose the later move. Each still shows at once (onMutate runs when it is made).
    scope: { id: `gallery-order:${profileId}` },
    mutationFn: (ids: string[]) => api.put<GalleryData>('/api/me/images/order', { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<GalleryData>(key);
      if (previous) {
        const byId = new Map(previous.items.map((item) => [item.id, item]));
        const items = ids.flatMap((id, index) => {
          const item = byId.get(id);
          return item ? [{ ...item, imageOrder: index }] : [];
        });
        queryClient.setQueryData<GalleryData>(key, { items });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      // The gallery on screen has loaded the catalogue.
      toast.error(t('gallery.reorder.failed'));
    },
    onSuccess: (data) => {
      // A later reorder is waiting its turn: the order on screen is already its own, newer than this answer.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      if (data?.items) queryClient.setQueryData<GalleryData>(key, { items: data.items });
    },
  });
}

/** `ids` with the entry at `from` moved to `to`. */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
