import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminLegalDocumentView, LegalDocument, LegalDocumentView, Locale } from '@bayclub/shared';
import { api } from '#/lib/api';
import { CACHE } from '#/lib/cache-times';
import { useLocale } from '#/lib/i18n';

export const legalKeys = {
  all: ['legal'] as const,
  document: (document: LegalDocument, locale: Locale) => [...legalKeys.all, document, locale] as const,
  admin: (document: LegalDocument) => [...legalKeys.all, 'admin', document] as const,
};

/**
 * GET /api/legal/:document: the page as everyone reads it. Changes rarely: cached like the settings. The built-in
 * text comes in the page's language (the request says it), so each language is its own entry.
 */
export const legalDocumentQueryOptions = (document: LegalDocument, locale: Locale) =>
  queryOptions({
    queryKey: legalKeys.document(document, locale),
    queryFn: ({ signal }) => api.get<LegalDocumentView>(`/api/legal/${document}`, { signal }),
    staleTime: CACHE.settings.staleTime,
    gcTime: CACHE.settings.gcTime,
  });

export function useLegalDocumentQuery(document: LegalDocument) {
  return useQuery(legalDocumentQueryOptions(document, useLocale()));
}

/** GET /api/admin/legal/:document: the text as written (placeholders kept), for the admin settings. */
export function useAdminLegalDocumentQuery(document: LegalDocument) {
  return useQuery({
    queryKey: legalKeys.admin(document),
    queryFn: ({ signal }) => api.get<AdminLegalDocumentView>(`/api/admin/legal/${document}`, { signal }),
  });
}

/** PUT /api/admin/legal/:document; the public page is fetched again. */
export function useUpdateLegalDocumentMutation(document: LegalDocument) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (markdown: string) => api.put<AdminLegalDocumentView>(`/api/admin/legal/${document}`, { markdown }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(legalKeys.admin(document), saved);
      // Every language's copy: the admin's text replaces the built-in one for all of them.
      await queryClient.invalidateQueries({ queryKey: [...legalKeys.all, document] });
    },
  });
}
