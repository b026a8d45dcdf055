import * as React from 'react';
import { Link } from 'react-router';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { toast } from 'sonner';
import {
  LEGAL_CONTACT_PLACEHOLDER,
  LEGAL_DOCUMENTS,
  LEGAL_LIMITS,
  LEGAL_TITLES,
  updateLegalDocumentSchema,
  type AdminLegalDocumentView,
  type LegalDocument,
} from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Skeleton } from '#/components/ui/skeleton';
import { Spinner } from '#/components/ui/spinner';
import { Textarea } from '#/components/ui/textarea';
import { errorMessage, isApiError } from '#/lib/api';
import { formatDateTime, formatDay, formatterOnDemand } from '#/lib/format';
import { t, useSharedText, useT } from '#/lib/i18n';
import { LazyMarkdownView, useAdminLegalDocumentQuery, useUpdateLegalDocumentMutation } from '#/features/legal';
import { catalog } from './i18n';
import { SectionError } from './section-error';
import { SettingsCard } from './setting-fields';

/** The save toasts, in the page's language. */
export const LEGAL_TOASTS = {
  saved: (title: string) => t('admin.legal.saved', { title }),
  failed: (title: string) => t('admin.legal.failed', { title }),
} as const;

const countFormat = formatterOnDemand((locale) => new Intl.NumberFormat(locale));

/** Issue 24: the Terms of Service and Privacy Policy as Markdown, each saved on its own (not with the form above). */
export function LegalSettings() {
  const t = useT(catalog);
  return (
    <SettingsCard
      title={t('admin.legal.title')}
      description={t('admin.legal.description', { placeholder: LEGAL_CONTACT_PLACEHOLDER })}
    >
      {LEGAL_DOCUMENTS.map((document) => (
        <LegalDocumentSettings key={document} document={document} />
      ))}
    </SettingsCard>
  );
}

function LegalDocumentSettings({ document }: { document: LegalDocument }) {
  const t = useT(catalog);
  const s = useSharedText();
  const query = useAdminLegalDocumentQuery(document);
  if (query.isPending) {
    return (
      <div role="status" aria-label={t('admin.legal.loading', { title: s(LEGAL_TITLES[document]) })}>
        <Skeleton className="h-64 w-full rounded-lg" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <SectionError
        message={errorMessage(query.error, t('admin.legal.loadError', { title: s(LEGAL_TITLES[document]) }))}
        onRetry={() => void query.refetch()}
      />
    );
  }
  // A save brings a new date: the editor starts again from the saved text.
  return <LegalDocumentEditor key={query.data.updatedAt} view={query.data} />;
}

function LegalDocumentEditor({ view }: { view: AdminLegalDocumentView }) {
  const t = useT(catalog);
  const s = useSharedText();
  const { document } = view;
  const title = s(LEGAL_TITLES[document]);
  const ids = { title: `legal-${document}-title`, text: `legal-${document}-text`, hint: `legal-${document}-hint`, error: `legal-${document}-error` };
  const [text, setText] = React.useState(view.markdown);
  const [preview, setPreview] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const shown = React.useDeferredValue(text);
  const save = useUpdateLegalDocumentMutation(document);
  const dirty = text !== view.markdown;

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = updateLegalDocumentSchema.shape.markdown.safeParse(text);
    if (!parsed.success) {
      setError(s(parsed.error.issues[0]?.message ?? t('admin.legal.checkText')));
      return;
    }
    try {
      await save.mutateAsync(text);
    } catch (err) {
      const field = isApiError(err) ? err.fields?.markdown : undefined;
      if (field) setError(field);
      toast.error(LEGAL_TOASTS.failed(title), { description: errorMessage(err) });
      return;
    }
    toast.success(LEGAL_TOASTS.saved(title));
  }

  function discard() {
    setText(view.markdown);
    setError(null);
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(e)}
      aria-labelledby={ids.title}
      className="grid gap-3 border-t pt-5 first-of-type:border-t-0 first-of-type:pt-0"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h4 id={ids.title} className="text-sm font-semibold">
          {title}
        </h4>
        <p className="text-xs text-muted-foreground">
          {view.custom
            ? t('admin.legal.updated', { date: formatDateTime(view.updatedAt) })
            : t('admin.legal.builtIn', { date: formatDay(view.updatedAt) })}
          {' · '}
          <Link to={`/${document}`} className="text-primary underline underline-offset-4">
            {t('admin.legal.viewPage')}
          </Link>
        </p>
      </div>
      <label htmlFor={ids.text} className="text-sm font-medium">
        {t('admin.legal.markdownLabel', { title })}
      </label>
      <Textarea
        id={ids.text}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        rows={14}
        maxLength={LEGAL_LIMITS.markdownMax}
        spellCheck
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        className="font-mono text-sm"
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <p id={ids.hint}>
          {t('admin.legal.count', { count: countFormat().format(text.length), max: countFormat().format(LEGAL_LIMITS.markdownMax) })}
        </p>
        {error && (
          <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
      {preview && (
        <div role="region" aria-label={t('admin.legal.previewOf', { title })} className="max-h-[32rem] overflow-y-auto rounded-lg border bg-background p-4">
          <React.Suspense fallback={<Spinner label={t('admin.legal.previewLoading')} />}>
            <LazyMarkdownView markdown={shown} />
          </React.Suspense>
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
          {preview ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
          {t('admin.legal.preview')}
        </Button>
        <Button type="button" variant="outline" disabled={!dirty || save.isPending} onClick={discard}>
          {t('admin.common.discard')}
        </Button>
        <Button type="submit" disabled={!dirty || save.isPending}>
          {save.isPending && <Spinner />}
          {save.isPending ? t('admin.common.saving') : t('admin.legal.save', { title })}
        </Button>
      </div>
    </form>
  );
}
