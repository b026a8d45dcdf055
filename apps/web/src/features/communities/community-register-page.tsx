import { Link, useParams } from 'react-router';
import { imageVariantUrl } from '@bayclub/shared';
import { PageSpinner } from '#/components/page-spinner';
import { ApplyForm } from '#/features/landing';
import { NotFoundPage } from '#/components/not-found-page';
import { useSlugQuery } from '#/features/shell/api';
import { isApiError } from '#/lib/api';
import { Trans, useT } from '#/lib/i18n';
import { useCommunityQuery } from './api';
import { CommunityAvatar } from './community-card';
import { catalog } from './i18n';
import { ListError } from '#/components/card-grid';

/**
 * '/{slug}/register' for visitors: the membership application, branded with the community (name, cover). The
 * application remembers the community, and approval makes the new member join it (a request when it is by
 * request). Anything but a community's address is not found.
 */
export function CommunityRegisterPage() {
  const { slug = '' } = useParams();
  const target = useSlugQuery(slug);
  const communityId = target.data?.kind === 'community' ? target.data.id : '';
  const community = useCommunityQuery(communityId);
  const t = useT(catalog);

  if (target.isError || (target.data && target.data.kind !== 'community')) {
    if (target.isError && !(isApiError(target.error) && target.error.isNotFound)) {
      return <ListError what={t('communities.page.what')} error={target.error} onRetry={() => void target.refetch()} />;
    }
    return <NotFoundPage />;
  }
  if (community.isError) return <ListError what={t('communities.page.what')} error={community.error} onRetry={() => void community.refetch()} />;
  if (!community.data) return <PageSpinner />;

  const { name, urlSlug, coverUrl } = community.data;
  const cover = imageVariantUrl(coverUrl, 'large');
  return (
    <section aria-labelledby="register-title" className="mx-auto grid w-full max-w-2xl content-start gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="overflow-hidden rounded-xl border bg-card">
        <div className="aspect-[3/1] bg-gradient-to-br from-primary/30 to-primary/5">
          {cover && <img src={cover} alt={t('communities.header.coverAlt', { name })} className="size-full object-cover" />}
        </div>
        <div className="flex items-end gap-3 px-4 pb-4">
          <CommunityAvatar community={community.data} className="-mt-8 size-16 text-2xl" />
          <div className="grid gap-0.5">
            <h1 id="register-title" className="text-2xl font-semibold tracking-tight">
              {t('communities.register.title', { name })}
            </h1>
            <p className="text-sm text-muted-foreground">
              {t('communities.register.description', { name })}
            </p>
          </div>
        </div>
      </header>
      {/* The form's sections are h3s (on the landing page they sit under an h2). */}
      <h2 className="sr-only">{t('communities.register.application')}</h2>
      <ApplyForm communitySlug={urlSlug} />
      <p className="text-center text-sm text-muted-foreground">
        <Trans
          catalog={catalog}
          id="communities.register.signIn"
          components={{ 0: <Link to={`/${urlSlug}/login`} className="font-medium text-primary underline-offset-4 hover:underline" /> }}
        />
      </p>
    </section>
  );
}
