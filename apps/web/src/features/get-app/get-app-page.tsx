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

  return (
    <article className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Get the App</h1>
        <p className="text-muted-foreground">
          {name} works in your browser and installs from it: on your home screen it opens full screen like any other
          app, with notifications, and your tickets work offline. No app store needed.
        </p>
      </header>
      {installed ? (
        <Installed name={name} />
      ) : (
        <>
          {install.canPrompt && <InstallButton name={name} />}
          {platform === 'ios-safari' && (
            <section className="grid gap-3" aria-labelledby="ios-title">
              <h2 id="ios-title" className="text-lg font-semibold">
                On iPhone and iPad
              </h2>
              <IosSteps />
            </section>
          )}
          {platform === 'ios-other' && (
            <section className="grid gap-2 rounded-xl border p-4" aria-labelledby="ios-other-title">
              <h2 id="ios-other-title" className="text-lg font-semibold">
                Open this page in Safari
              </h2>
              <p className="text-sm text-muted-foreground">
                On iPhone and iPad, apps like this one are added to the Home Screen from Safari. Copy this page’s address,
                paste it in Safari, then follow the three steps shown there.
              </p>
            </section>
          )}
          {platform === 'android' && !install.canPrompt && (
            <section className="grid gap-2" aria-labelledby="android-title">
              <h2 id="android-title" className="text-lg font-semibold">
                On Android
              </h2>
              <ol className="list-decimal space-y-1 pl-6">
                <li>Open the browser menu (the three dots).</li>
                <li>Choose Install app or Add to Home screen.</li>
                <li>Confirm with Install.</li>
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
  return (
    <section className="grid justify-items-start gap-2 rounded-xl border bg-muted/40 p-4" aria-labelledby="install-title">
      <h2 id="install-title" className="text-lg font-semibold">
        Install {name}
      </h2>
      <p className="text-sm text-muted-foreground">Your browser can install it now, in one tap.</p>
      <Button
        disabled={pending}
        onClick={async () => {
          setPending(true);
          const outcome = await installPrompt.prompt().finally(() => setPending(false));
          setDismissed(outcome === 'dismissed');
        }}
      >
        {pending ? <Spinner /> : <DownloadIcon aria-hidden="true" />}
        Install
      </Button>
      {dismissed && <p className="text-sm text-muted-foreground">Not now. You can install it later from the browser menu.</p>}
    </section>
  );
}

function Installed({ name }: { name: string }) {
  return (
    <section className="grid justify-items-start gap-3 rounded-xl border p-4" aria-labelledby="installed-title">
      <h2 id="installed-title" className="flex items-center gap-2 text-lg font-semibold">
        <CheckCircle2Icon aria-hidden="true" className="size-5 text-primary" />
        You already have the app
      </h2>
      <p className="text-sm text-muted-foreground">{name} is installed on this device. Open it from your home screen or app list.</p>
      <Button asChild variant="outline">
        <Link to="/community">Go to Home</Link>
      </Button>
    </section>
  );
}

function OnYourPhone({ name }: { name: string }) {
  return (
    <section className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center" aria-labelledby="phone-title">
      <img
        src="/api/get-app/qr.svg"
        alt={`QR code: opens this page on your phone`}
        width={176}
        height={176}
        className="size-44 rounded-xl border bg-white p-2"
      />
      <div className="grid gap-2">
        <h2 id="phone-title" className="text-lg font-semibold">
          On your phone
        </h2>
        <p className="text-sm text-muted-foreground">
          Point your phone’s camera at the code to open this page there, then install {name} in a few taps. On this
          computer, Chrome and Edge can install it too: use the install icon at the right end of the address bar.
        </p>
      </div>
    </section>
  );
}
