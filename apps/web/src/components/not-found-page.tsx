import { Link } from 'react-router';
import { Button } from '#/components/ui/button';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';

export function NotFoundPage() {
  const t = useT(catalog);
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-5xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">{t('components.notFound.title')}</h1>
      <p className="text-muted-foreground">{t('components.notFound.text')}</p>
      <Button asChild>
        <Link to="/">{t('components.notFound.home')}</Link>
      </Button>
    </section>
  );
}
