import { Link } from 'react-router';
import { DELETE_DATA_LIMITS } from '@bayclub/shared';
import { Trans, useT } from '#/lib/i18n';
import { DeleteDataForm } from './delete-data-form';
import { catalog } from './i18n';

/** /delete-data, signed out or in: what deleting removes and keeps, and the request form (issue 24, decision 032). */
export function DeleteDataPage() {
  const t = useT(catalog);
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-8 leading-relaxed sm:px-6 [&_h2]:mt-2 [&_h2]:text-lg [&_h2]:font-semibold">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('delete-data.page.title')}</h1>
      <p>{t('delete-data.page.intro', { hours: DELETE_DATA_LIMITS.tokenTtlHours })}</p>
      <h2>{t('delete-data.page.deleted.title')}</h2>
      <p>{t('delete-data.page.deleted.text')}</p>
      <h2>{t('delete-data.page.kept.title')}</h2>
      <p>{t('delete-data.page.kept.text')}</p>
      <h2>{t('delete-data.page.ask')}</h2>
      <DeleteDataForm />
      <p className="text-sm text-muted-foreground">
        <Trans
          catalog={catalog}
          id="delete-data.page.footer"
          components={{ 0: <Link to="/privacy-policy" className="text-primary underline underline-offset-4" /> }}
        />
      </p>
    </article>
  );
}
