import { useSearchParams } from 'react-router';
import { LINKEDIN_MESSAGES, linkedinErrorMessage, type LinkedinPrefill } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#/components/ui/card';
import { Spinner } from '#/components/ui/spinner';
import { useSharedText, useT } from '#/lib/i18n';
import { useForgetLinkedinMutation, useLinkedinPrefillQuery } from './api';
import { ApplyForm } from './apply-form';
import { catalog } from './i18n';
import { LinkedinButton } from './linkedin-button';

/**
 * /linkedin-register (decision 034): the Apply form with "Continue with LinkedIn" on top. After the round-trip the
 * server holds the verified identity in a signed cookie; the form comes back with the name, email and picture in.
 */
export function LinkedinRegisterPage() {
  const [params] = useSearchParams();
  const error = linkedinErrorMessage(params.get('linkedin_error'));
  const prefill = useLinkedinPrefillQuery();
  const identity = prefill.data?.prefill ?? null;
  const t = useT(catalog);
  const s = useSharedText();

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10 sm:px-8">
      <h1 className="text-3xl font-semibold tracking-tight">{t('landing.linkedin.title')}</h1>
      <Card className="gap-4 py-6 sm:py-8">
        <CardHeader className="px-5 sm:px-8">
          <CardTitle className="text-2xl tracking-tight">{t('landing.apply.title')}</CardTitle>
          <CardDescription>{t('landing.linkedin.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 px-5 sm:px-8">
          {error && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {s(error)}
            </p>
          )}
          {prefill.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner className="size-6" label={t('landing.linkedin.loading')} />
            </div>
          ) : identity ? (
            <>
              <LinkedinIdentityCard identity={identity} />
              <ApplyForm key="linkedin" prefill={identity} />
            </>
          ) : (
            <>
              <LinkedinButton intent="apply" />
              <p className="flex items-center gap-3 text-sm text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
                {t('landing.linkedin.or')}
              </p>
              <ApplyForm key="plain" />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function LinkedinIdentityCard({ identity }: { identity: LinkedinPrefill }) {
  const forget = useForgetLinkedinMutation();
  const t = useT(catalog);
  const s = useSharedText();
  return (
    <section aria-label={t('landing.linkedin.identity')} className="flex items-center gap-4 rounded-lg border bg-muted/40 p-4">
      {identity.pictureUrl && (
        <img src={identity.pictureUrl} alt="" width={56} height={56} className="size-14 shrink-0 rounded-full object-cover" referrerPolicy="no-referrer" />
      )}
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="truncate font-medium">{identity.name}</p>
        <p className="text-sm text-muted-foreground">{s(LINKEDIN_MESSAGES.prefilled)}</p>
      </div>
      <Button type="button" variant="outline" size="sm" disabled={forget.isPending} onClick={() => forget.mutate()}>
        {t('landing.linkedin.notYou')}
      </Button>
    </section>
  );
}
