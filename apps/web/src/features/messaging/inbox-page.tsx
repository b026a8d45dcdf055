import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { InboxList } from './inbox-list';

/** '/inbox': the member's conversations (spec 2, Messaging panel and inbox). */
export function InboxPage() {
  const t = useT(catalog);
  return (
    <section aria-labelledby="inbox-title" className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <h1 id="inbox-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t('messaging.inbox.title')}
      </h1>
      <InboxList />
    </section>
  );
}
