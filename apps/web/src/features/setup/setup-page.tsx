import { Link, useSearchParams } from 'react-router';
import { CheckCircle2Icon, KeyRoundIcon, ShieldCheckIcon } from 'lucide-react';
import { Button } from '#/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#/components/ui/card';
import { Skeleton } from '#/components/ui/skeleton';
import { errorMessage } from '#/lib/api';
import { useSetupStatusQuery } from './api';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { SetupForm } from './setup-form';

/** '/setup?token=...': create the first admin with the one-time link the server printed. */
export function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useSetupStatusQuery();
  const t = useT(catalog);

  return (
    <div className="mx-auto grid min-h-[80svh] w-full max-w-lg content-center gap-6 px-4 py-10">
      <div className="grid justify-items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary">
          <ShieldCheckIcon aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-3xl font-semibold tracking-tight">{t('setup.page.title')}</h1>
        <p className="text-muted-foreground">{t('setup.page.description')}</p>
      </div>
      {status.isPending ? (
        <Skeleton className="h-96 w-full rounded-xl" />
      ) : status.isError ? (
        <Notice
          title={t('setup.page.statusUnavailable')}
          text={errorMessage(status.error, t('setup.page.unreachable'))}
          action={<Button onClick={() => void status.refetch()}>{t('setup.page.retry')}</Button>}
        />
      ) : !status.data.needsSetup ? (
        <SetupComplete />
      ) : !token ? (
        <Notice
          icon={<KeyRoundIcon aria-hidden="true" className="size-6 text-warning" />}
          title={t('setup.page.noToken.title')}
          text={t('setup.page.noToken.text')}
        />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{t('setup.page.card.title')}</CardTitle>
            <CardDescription>{t('setup.page.card.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <SetupForm token={token} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}

export function SetupComplete() {
  const t = useT(catalog);
  return (
    <Notice
      icon={<CheckCircle2Icon aria-hidden="true" className="size-6 text-success" />}
      title={t('setup.complete.title')}
      text={t('setup.complete.text')}
      action={
        <Button asChild>
          <Link to="/login">{t('setup.complete.signIn')}</Link>
        </Button>
      }
    />
  );
}

function Notice({
  icon,
  title,
  text,
  action,
}: {
  icon?: React.ReactNode;
  title: string;
  text: string;
  action?: React.ReactNode;
}) {
  return (
    <Card role="status" className="items-center px-6 text-center">
      {icon}
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      {action}
    </Card>
  );
}
