import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  LOCATION_LIMITS,
  type CheckInVisibility,
  type City,
  type CreateLocationInput,
  type DoorTokenView,
  type LocationCategory,
  type LocationCheckInInput,
  type LocationCheckInResult,
  type LocationCheckInView,
  type LocationCheckInsPage,
  type LocationQrView,
  type LocationScanView,
  type LocationSettingsView,
  type LocationsPage,
  type MapTilesView,
  type LocationView,
  type LocationManagersView,
  type ProfileCheckInsPage,
  type UpdateLocationInput,
} from '@bayclub/shared';
import { api, ApiError, isOutcomeAnswer, pageUrl } from '#/lib/api';

const enc = encodeURIComponent;
const placePath = (id: string) => `/api/locations/${enc(id)}`;

/** Query keys of everything about places and check-ins (issue 12). */
export const locationKeys = {
  all: ['locations'] as const,
  lists: () => [...locationKeys.all, 'list'] as const,
  list: (params: Record<string, string>) => [...locationKeys.lists(), params] as const,
  detail: (id: string) => [...locationKeys.all, 'detail', id] as const,
  checkIns: (id: string, from: string | null) => [...locationKeys.all, 'check-ins', id, from] as const,
  qr: (id: string) => [...locationKeys.all, 'qr', id] as const,
  door: (id: string) => [...locationKeys.all, 'door', id] as const,
  managers: (id: string) => [...locationKeys.all, 'managers', id] as const,
  scan: (token: string) => [...locationKeys.all, 'scan', token] as const,
  settings: () => [...locationKeys.all, 'settings'] as const,
  profiles: () => [...locationKeys.all, 'profile'] as const,
  profile: (profileId: string) => [...locationKeys.profiles(), profileId] as const,
  mapTiles: () => [...locationKeys.all, 'map-tiles'] as const,
};

/** GET /api/locations/map-tiles: the server's tile source and attribution (null: maps off). Configuration: read once. */
export const mapTilesQueryOptions = () =>
  queryOptions({
    queryKey: locationKeys.mapTiles(),
    queryFn: ({ signal }) => api.get<MapTilesView>('/api/locations/map-tiles', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: retryUnlessAnswered,
  });

/** The maps' tiles; undefined while loading, null when the server has maps off or could not say. */
export function useMapTiles(enabled = true): MapTilesView['tiles'] | undefined {
  const query = useQuery({ ...mapTilesQueryOptions(), enabled });
  if (query.isError) return null;
  return query.data?.tiles;
}

/** The /locations filters kept in the URL, and the device's position while "Near me" is on (never in the URL). */
export interface LocationFilters {
  city?: City;
  category?: LocationCategory;
  q?: string;
  near?: { lat: number; lng: number };
  /** Managers: deactivated places too. */
  includeInactive?: boolean;
  /** Places per page (the server's 20 unless set; at most 50). */
  limit?: number;
}

/** Coordinates rounded to about 10 m: close enough for "near me", and a moving phone keeps its cache entry. */
const rounded = (n: number) => n.toFixed(4);

function listParams(filters: LocationFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.city) out.city = filters.city;
  if (filters.category) out.category = filters.category;
  if (filters.q) out.q = filters.q;
  if (filters.near) {
    out.lat = rounded(filters.near.lat);
    out.lng = rounded(filters.near.lng);
  }
  if (filters.includeInactive) out.includeInactive = 'true';
  if (filters.limit) out.limit = String(filters.limit);
  return out;
}


/** A 404 (or a malformed id's 400) is an answer, not a hiccup worth retrying. */
const retryUnlessAnswered = (count: number, error: unknown) =>
  count < 2 && !(error instanceof ApiError && (error.isNotFound || error.status === 400 || error.status === 403));

/** "Here now" ends silently after 3 hours: lists are read again now and then as well as on the socket's word. */
const LIST_REFRESH_MS = 5 * 60_000;

/** GET /api/locations: by name, or nearest first with a position; keyset-paged. */
export const locationListQueryOptions = (filters: LocationFilters) => {
  const params = listParams(filters);
  return infiniteQueryOptions({
    queryKey: locationKeys.list(params),
    queryFn: ({ pageParam, signal }) => {
      return api.get<LocationsPage>(pageUrl('/api/locations', params, pageParam), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: LocationsPage) => last.nextCursor,
    staleTime: 30_000,
    refetchInterval: LIST_REFRESH_MS,
    retry: retryUnlessAnswered,
  });
};

/** The previous results stay on screen while another filter loads. */
export const useLocationListQuery = (filters: LocationFilters, enabled = true) =>
  useInfiniteQuery({ ...locationListQueryOptions(filters), placeholderData: keepPreviousData, enabled });

/**
 * When the place page should be read again by itself: the moment the first "here now" check-in (or the member's
 * own) passes its 3 hours, or in 5 minutes, whichever is sooner. Realtime events cover everything else.
 */
export function nextExpiryDelay(view: LocationView | undefined, now = Date.now()): number {
  if (!view) return LIST_REFRESH_MS;
  const ends = [...view.hereNow, ...(view.mine ? [view.mine] : [])]
    .map((c) => Date.parse(c.createdAt) + LOCATION_LIMITS.hereNowMs)
    .concat(view.nextCheckInAt ? [Date.parse(view.nextCheckInAt)] : [])
    .filter((t) => t > now);
  const soonest = ends.length > 0 ? Math.min(...ends) : Infinity;
  // A second late so the server agrees it has passed; never more often than every 5 s.
  return Math.max(5_000, Math.min(LIST_REFRESH_MS, soonest - now + 1_000));
}

export const locationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: locationKeys.detail(id),
    queryFn: ({ signal }) => api.get<LocationView>(placePath(id), { signal }),
    staleTime: 15_000,
    retry: retryUnlessAnswered,
    refetchInterval: (query) => nextExpiryDelay(query.state.data),
  });

export const useLocationQuery = (id: string, enabled = true) => useQuery({ ...locationQueryOptions(id), enabled: enabled && id !== '' });

/**
 * Older check-ins of a place, after the ones its page came with: starts at the page's `recentNextCursor` and is
 * only asked for once the member wants more.
 */
export const useRecentCheckInsQuery = (id: string, from: string | null, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: locationKeys.checkIns(id, from),
    queryFn: ({ pageParam, signal }) =>
      api.get<LocationCheckInsPage>(`${placePath(id)}/check-ins?${new URLSearchParams({ cursor: pageParam ?? '' })}`, { signal }),
    initialPageParam: from,
    getNextPageParam: (last: LocationCheckInsPage) => last.nextCursor,
    enabled: enabled && from !== null,
    staleTime: 60_000,
  });

/** A place changed: its page takes the answer, and every list is read again. */
function placeChanged(queryClient: QueryClient, place: LocationView) {
  queryClient.setQueryData(locationKeys.detail(place.id), place);
  void queryClient.invalidateQueries({ queryKey: locationKeys.lists() });
}

export function useCreateLocationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLocationInput) => api.post<LocationView>('/api/locations', { ...input }),
    onSuccess: (place) => placeChanged(queryClient, place),
  });
}

export function useUpdateLocationMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateLocationInput) => api.patch<LocationView>(placePath(id), { ...input }),
    onSuccess: (place) => placeChanged(queryClient, place),
  });
}

/** GET /api/locations/:id/managers: the place's creator and named managers (for its managers; decision 026). */
export function useLocationManagersQuery(id: string) {
  return useQuery({
    queryKey: locationKeys.managers(id),
    queryFn: ({ signal }) => api.get<LocationManagersView>(`${placePath(id)}/managers`, { signal }),
  });
}

/** Admins: name a member a manager of the place, or remove one; both answer the new list. */
export function useLocationManagerMutations(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = (view: LocationManagersView) => queryClient.setQueryData(locationKeys.managers(id), view);
  return {
    add: useMutation({ mutationFn: (userId: string) => api.post<LocationManagersView>(`${placePath(id)}/managers`, { userId }), onSuccess }),
    remove: useMutation({ mutationFn: (userId: string) => api.delete<LocationManagersView>(`${placePath(id)}/managers/${enc(userId)}`), onSuccess }),
  };
}

/** POST /api/locations/:id/photos (multipart `file`) and DELETE .../photos/:photoId: both answer the place. */
export function useLocationPhotoMutations(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = (place: LocationView) => placeChanged(queryClient, place);
  const add = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api.post<LocationView>(`${placePath(id)}/photos`, body);
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (photoId: string) => api.delete<LocationView>(`${placePath(id)}/photos/${enc(photoId)}`),
    onSuccess,
  });
  return { add, remove };
}

export const isRefusal = (v: LocationScanView | LocationCheckInResult): v is LocationCheckInResult => 'outcome' in v;

/** GET /api/locations/scan?token=: the place a code is for, or why it cannot check anyone in. */
export const useScanQuery = (token: string) =>
  useQuery({
    queryKey: locationKeys.scan(token),
    // A refusal (invalid, revoked, expired code...) is an answer to show, not a failure.
    queryFn: () =>
      api.get<LocationScanView | LocationCheckInResult>(`/api/locations/scan?${new URLSearchParams({ token })}`, {
        answer: isOutcomeAnswer,
      }),
    enabled: token !== '',
    // A door-screen code is only good for a minute: never answer from an old copy.
    staleTime: 0,
    gcTime: 0,
    retry: (count, error) => count < 2 && error instanceof ApiError && error.isTransient,
  });

/** Everything that shows a place's people: its page, the lists' counts, profiles' check-in lists. */
function checkInsChanged(queryClient: QueryClient, locationId: string | undefined) {
  if (locationId) void queryClient.invalidateQueries({ queryKey: locationKeys.detail(locationId) });
  void queryClient.invalidateQueries({ queryKey: locationKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: locationKeys.profiles() });
}

/**
 * POST /api/locations/:id/check-ins with a scanned token or the device's position. A refusal (409 already checked
 * in, 422 invalid / revoked / expired / too far ...) is an answer to show: its body is a LocationCheckInResult.
 */
export function useCheckInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ locationId, input }: { locationId: string; input: LocationCheckInInput }) =>
      api.post<LocationCheckInResult>(`${placePath(locationId)}/check-ins`, { ...input }, { answer: isOutcomeAnswer }),
    onSuccess: (result, { locationId }) => {
      if (result.outcome === 'checked_in' || result.outcome === 'already_checked_in') checkInsChanged(queryClient, locationId);
    },
  });
}

/** Check out (leave "here now" early) or delete one's own check-in. */
export function useOwnCheckInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ checkIn, action }: { checkIn: LocationCheckInView | { id: string }; action: 'check-out' | 'delete'; locationId?: string }) => {
      if (action === 'check-out') await api.post<LocationCheckInView>(`/api/locations/check-ins/${enc(checkIn.id)}/check-out`, {});
      else await api.delete<void>(`/api/locations/check-ins/${enc(checkIn.id)}`);
    },
    onSuccess: (_done, { locationId }) => checkInsChanged(queryClient, locationId),
  });
}

export const useLocationSettingsQuery = (enabled = true) =>
  useQuery({
    queryKey: locationKeys.settings(),
    queryFn: ({ signal }) => api.get<LocationSettingsView>('/api/me/location-settings', { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });

export function useLocationSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (defaultVisibility: CheckInVisibility) => api.put<LocationSettingsView>('/api/me/location-settings', { defaultVisibility }),
    onSuccess: (settings) => {
      queryClient.setQueryData(locationKeys.settings(), settings);
      // Place pages preselect the default: they read it again.
      void queryClient.invalidateQueries({ queryKey: [...locationKeys.all, 'detail'] });
    },
  });
}

/** GET /api/profiles/:id/check-ins: the owner's whole history, or what others may see of it. */
export const useProfileCheckInsQuery = (profileId: string) =>
  useInfiniteQuery({
    queryKey: locationKeys.profile(profileId),
    queryFn: ({ pageParam, signal }) => {
      const qs = pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : '';
      return api.get<ProfileCheckInsPage>(`/api/profiles/${enc(profileId)}/check-ins${qs}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: ProfileCheckInsPage) => last.nextCursor,
    staleTime: 30_000,
    retry: retryUnlessAnswered,
  });

export const useQrQuery = (id: string) =>
  useQuery({
    queryKey: locationKeys.qr(id),
    queryFn: ({ signal }) => api.get<LocationQrView>(`${placePath(id)}/qr`, { signal }),
    staleTime: 60_000,
    retry: retryUnlessAnswered,
  });

/** POST .../qr/regenerate: a new key version; every printed poster of the place stops working. */
export function useRegenerateQrMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LocationQrView>(`${placePath(id)}/qr/regenerate`, {}),
    onSuccess: (qr) => queryClient.setQueryData(locationKeys.qr(id), qr),
  });
}

/** GET .../door-token: the door screen's current code, never cached (it admits whoever holds it). */
export const fetchDoorToken = (id: string, signal?: AbortSignal) => api.get<DoorTokenView>(`${placePath(id)}/door-token`, { signal });
