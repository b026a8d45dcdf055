import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AccountType,
  AllSettings,
  ApplicationView,
  Page,
  RejectApplicationInput,
  SiteAssetKind,
  UpdateSettingsInput,
} from '@bayclub/shared';
import { api, pageUrl } from '#/lib/api';
import { sessionKeys } from '#/lib/session/api';
import { landingKeys } from '#/features/landing/api';
import { settingsKeys } from '#/lib/public-settings';

export type ApplicationFilter = 'pending' | 'approved' | 'rejected' | 'all';

export const adminKeys = {
  all: ['admin'] as const,
  applications: () => [...adminKeys.all, 'applications'] as const,
  applicationList: (status: ApplicationFilter) => [...adminKeys.applications(), { status }] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
};

export const applicationsQueryOptions = (status: ApplicationFilter) =>
  infiniteQueryOptions({
    queryKey: adminKeys.applicationList(status),
    queryFn: ({ pageParam, signal }) => {
      return api.get<Page<ApplicationView>>(pageUrl('/api/admin/applications', { status }, pageParam), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Decisions are made by several admins: what we show should not be five minutes old.
    staleTime: 30_000,
  });

export function useApplicationsQuery(status: ApplicationFilter) {
  return useInfiniteQuery(applicationsQueryOptions(status));
}

function useInvalidateApplications() {
  const queryClient = useQueryClient();
  // Every filter's list changes when one application is decided; the landing counters too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.applications() }),
      queryClient.invalidateQueries({ queryKey: landingKeys.stats() }),
    ]);
}

/** Approve as a full platform member or as a community member (decision 009). */
export function useApproveApplicationMutation() {
  const invalidate = useInvalidateApplications();
  return useMutation({
    mutationFn: ({ id, accountType }: { id: string; accountType: AccountType }) =>
      api.post<ApplicationView>(`/api/admin/applications/${encodeURIComponent(id)}/approve`, { accountType }),
    onSettled: invalidate,
  });
}

export function useRejectApplicationMutation() {
  const invalidate = useInvalidateApplications();
  return useMutation({
    mutationFn: ({ id, ...body }: RejectApplicationInput & { id: string }) =>
      api.post<ApplicationView>(`/api/admin/applications/${encodeURIComponent(id)}/reject`, { ...body }),
    onSettled: invalidate,
  });
}

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: async ({ signal }) => (await api.get<{ settings: AllSettings }>('/api/admin/settings', { signal })).settings,
  });

export function useAdminSettingsQuery() {
  return useQuery(adminSettingsQueryOptions());
}

/** After settings change, everyone's view of them (public, permissions, counters) is refreshed. */
function useSettingsSaved() {
  const queryClient = useQueryClient();
  return async (settings: AllSettings) => {
    queryClient.setQueryData(adminKeys.settings(), settings);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.public }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.permissions }),
      queryClient.invalidateQueries({ queryKey: landingKeys.stats() }),
    ]);
  };
}

/** PUT /api/admin/settings. */
export function useUpdateSettingsMutation() {
  const saved = useSettingsSaved();
  return useMutation({
    mutationFn: async (settings: UpdateSettingsInput['settings']) =>
      (await api.put<{ settings: AllSettings }>('/api/admin/settings', { settings })).settings,
    onSuccess: saved,
  });
}

/**
 * POST /api/admin/assets/{favicon|landing-cover|verification-badge|landing-video}: the server stores the file and
 * points the setting at it. The landing video goes with the poster frame the browser took from it, when it could.
 */
export function useUploadSiteAssetMutation(kind: SiteAssetKind) {
  const saved = useSettingsSaved();
  return useMutation({
    mutationFn: async ({ file, poster }: { file: File; poster?: Blob | null }) => {
      const body = new FormData();
      body.append('file', file);
      if (poster) body.append('poster', poster, 'poster.jpg');
      return api.post<{ url: string; posterUrl?: string | null; settings: AllSettings }>(`/api/admin/assets/${kind}`, body);
    },
    onSuccess: ({ settings }) => saved(settings),
  });
}
