import * as React from 'react';
import { Link } from 'react-router';
import { CheckCircle2Icon, DownloadIcon } from 'lucide-react';
import { DEFAULT_APP_NAME } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Spinner } from '#/components/ui/spinner';
import { installPrompt } from '#/lib/install-prompt';
import { usePublicSettings } from '#/lib/public-settings';
import { useInstalled } from '#/lib/use-installed';
import { currentInstallPlatform, type InstallPlatform } from '#/lib/install-platform';
import { useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { IosSteps } from './ios-steps';

function useInstallState() {
  return React.useSyncExternalStore(installPrompt.subscribe, installPrompt.getSnapshot, installPrompt.getSnapshot);
}

/**
 * /get-app: the app is a PWA (no store download), so this page shows the way to install it where it is opened: the
 * browser's own Install dialog where Chromium offers it, Safari's three taps on iPhone and iPad, the browser menu on
 * other Android browsers, and on a computer a QR code to open this page on the phone. Installed already: says so.
 */
export function GetAppPage() {
  const name = usePublicSettings().data?.app_name || DEFAULT_APP_NAME;
  const installedBefore = useInstalled();
  const install = useInstallState();
  const [platform] = React.useState<InstallPlatform>(currentInstallPlatform);
  const installed = installedBefore || install.installed;
  const t = useT(catalog);

  return (
    <article className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('get-app.title')}</h1>
        <p className="text-muted-foreground">{t('get-app.intro', { name })}</p>
      </header>
      {installed ? (
        <Installed name={name} />
      ) : (
        <>
          {install.canPrompt && <InstallButton name={name} />}
          {platform === 'ios-safari' && (
            <section className="grid gap-3" aria-labelledby="ios-title">
              <h2 id="ios-title" className="text-lg font-semibold">
                {t('get-app.ios.title')}
              </h2>
              <IosSteps />
            </section>
          )}
          {platform === 'ios-other' && (
            <section className="grid gap-2 rounded-xl border p-4" aria-labelledby="ios-other-title">
              <h2 id="ios-other-title" className="text-lg font-semibold">
                {t('get-app.iosOther.title')}
              </h2>
              <p className="text-sm text-muted-foreground">{t('get-app.iosOther.text')}</p>
            </section>
          )}
          {platform === 'android' && !install.canPrompt && (
            <section className="grid gap-2" aria-labelledby="android-title">
              <h2 id="android-title" className="text-lg font-semibold">
                {t('get-app.android.title')}
              </h2>
              <ol className="list-decimal space-y-1 pl-6">
                <li>{t('get-app.android.menu')}</li>
                <li>{t('get-app.android.choose')}</li>
                <li>{t('get-app.android.confirm')}</li>
              </ol>
            </section>
          )}
          {platform === 'desktop' && <OnYourPhone name={name} />}
        </>
      )}
    </article>
  );
}

function InstallButton({ name }: { name: string }) {
  const [pending, setPending] = React.useState(false);
  const [dismissed, setDismissed] = React.useState(false);
  const t = useT(catalog);
  return (
    <section className="grid justify-items-start gap-2 rounded-xl border bg-muted/40 p-4" aria-labelledby="install-title">
      <h2 id="install-title" className="text-lg font-semibold">
        {t('get-app.install.title', { name })}
      </h2>
      <p className="text-sm text-muted-foreground">{t('get-app.install.text')}</p>
      <Button
        disabled={pending}
        onClick={async () => {
          setPending(true);
          const outcome = await installPrompt.prompt().finally(() => setPending(false));
          setDismissed(outcome === 'dismissed');
        }}
      >
        {pending ? <Spinner /> : <DownloadIcon aria-hidden="true" />}
        {t('get-app.install.button')}
      </Button>
      {dismissed && <p className="text-sm text-muted-foreground">{t('get-app.install.dismissed')}</p>}
    </section>
  );
}

function Installed({ name }: { name: string }) {
  const t = useT(catalog);
  return (
    <section className="grid justify-items-start gap-3 rounded-xl border p-4" aria-labelledby="installed-title">
      <h2 id="installed-title" className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2Icon aria-hidden="true" className="size-5 text-primary" />
        {t('get-app.installed.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('get-app.installed.text', { name })}</p>
      <Button asChild variant="outline">
        <Link to="/community">{t('get-app.installed.home')}</Link>
      </Button>
    </section>
  );
}

function OnYourPhone({ name }: { name: string }) {
  const t = useT(catalog);
  return (
    <section className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center" aria-labelledby="phone-title">
      <img
        src="/api/get-app/qr.svg"
        alt={t('get-app.phone.qr')}
        width={176}
        height={176}
        className="size-44 rounded-xl border bg-white p-2"
      />
      <div className="grid gap-2">
        <h2 id="phone-title" className="text-lg font-semibold">
          {t('get-app.phone.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('get-app.phone.text', { name })}</p>
      </div>
    </section>
  );
}
