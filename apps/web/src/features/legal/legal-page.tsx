import { AlertTriangleIcon, RotateCcwIcon } from 'lucide-react';
import { LEGAL_TITLES, type LegalDocument } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { errorMessage } from '#/lib/api';
import { formatDay } from '#/lib/format';
import { useSharedText, useT } from '#/lib/i18n';
import { useLegalDocumentQuery } from './api';
import { catalog } from './i18n';
import { MarkdownView } from './markdown';

/** /terms-of-service and /privacy-policy: the club's text (the admins' Markdown or the built-in one), signed in or not. */
function LegalPage({ document }: { document: LegalDocument }) {
  const query = useLegalDocumentQuery(document);
  const t = useT(catalog);
  const s = useSharedText();
  // The document's name comes from @bayclub/shared; the page's own words from the catalogue.
  const title = s(LEGAL_TITLES[document]);
  return (
    <article aria-labelledby="legal-title" className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-8 text-base sm:px-6">
      <header className="grid gap-1">
        <h1 id="legal-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h1>
        {query.data && <p className="text-sm text-muted-foreground">{t('legal.updated', { date: formatDay(query.data.updatedAt) })}</p>}
      </header>
      {query.isPending ? (
        <div role="status" aria-label={t('legal.loading', { title })} className="grid gap-3">
          <Skeleton className="h-4 w-40" />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4">
          <p className="flex gap-2 text-sm">
            <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            {errorMessage(query.error, t('legal.loadFailed', { title }))}
          </p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RotateCcwIcon aria-hidden="true" /> {t('legal.retry')}
          </Button>
        </div>
      ) : (
        <MarkdownView markdown={query.data.markdown} />
      )}
    </article>
  );
}

export function TermsOfServicePage() {
  return <LegalPage document="terms-of-service" />;
}

export function PrivacyPolicyPage() {
  return <LegalPage document="privacy-policy" />;
}
