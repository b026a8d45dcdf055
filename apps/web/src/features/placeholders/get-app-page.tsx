import { DEFAULT_APP_NAME } from '@bayclub/shared';
import { usePublicSettings } from '#/lib/public-settings';

/** /get-app: how to put the web app on the home screen (it is a PWA, there is no store download). */
export function GetAppPage() {
  const { data } = usePublicSettings();
  const name = data?.app_name || DEFAULT_APP_NAME;
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Get the App</h1>
      <p className="text-muted-foreground">
        {name} works in your browser and can be added to your home screen, where it opens full screen like any other app.
      </p>
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">iPhone and iPad (Safari)</h2>
        <ol className="list-decimal space-y-1 pl-6">
          <li>Tap the share button.</li>
          <li>Choose Add to Home Screen.</li>
          <li>Tap Add.</li>
        </ol>
      </section>
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">Android (Chrome)</h2>
        <ol className="list-decimal space-y-1 pl-6">
          <li>Open the browser menu (the three dots).</li>
          <li>Choose Install app or Add to Home screen.</li>
          <li>Confirm with Install.</li>
        </ol>
      </section>
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">Computer</h2>
        <p>In Chrome or Edge, use the install icon at the right end of the address bar.</p>
      </section>
    </article>
  );
}
