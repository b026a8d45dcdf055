import { Link } from 'react-router';
import { ArrowDownIcon, ClipboardCheckIcon, PartyPopperIcon, SendIcon } from 'lucide-react';
import { DEFAULT_APP_DESCRIPTION, DEFAULT_APP_NAME } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#/components/ui/card';
import { usePublicSettings } from '#/lib/public-settings';
import { useSharedText, useT } from '#/lib/i18n';
import { catalog } from './i18n';
import { ApplyForm } from './lazy-apply-form';
import { LandingCover } from './landing-cover';
import { LandingStats } from './landing-stats';

/** Room above the #apply target for the sticky top menu (see PublicLayout), with a little air. */
export const APPLY_SCROLL_MARGIN = 'scroll-mt-28 sm:scroll-mt-20';

/** '/' for signed-out visitors: who we are, how many we are, and the application form. */
export function LandingPage() {
  const { data: settings } = usePublicSettings();
  const appName = settings?.app_name || DEFAULT_APP_NAME;
  const t = useT(catalog);
  const s = useSharedText();
  // The club's own description (an admin's words) as it is; the built-in one (the server answers it when no admin
  // wrote one) in the page's language.
  const description = s(settings?.app_description || DEFAULT_APP_DESCRIPTION);

  return (
    <div className="pb-16">
      <section
        aria-labelledby="landing-title"
        className="relative isolate flex min-h-[78svh] items-end overflow-hidden sm:min-h-[72vh]"
      >
        <LandingCover settings={settings} />
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-t from-black/85 via-black/40 to-black/5" />
        <div className="mx-auto grid w-full max-w-5xl gap-6 px-5 pt-28 pb-10 text-white sm:px-8 sm:pb-14">
          <p className="text-xs font-medium tracking-[0.24em] text-white/85 uppercase">{t('landing.hero.kicker')}</p>
          <div className="grid gap-3">
            <h1 id="landing-title" className="text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
              {appName}
            </h1>
            <p className="max-w-xl text-base leading-relaxed text-pretty text-white/90 sm:text-lg">{description}</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="bg-white text-slate-950 hover:bg-white/90">
              <a href="#apply">
                {t('landing.hero.apply')} <ArrowDownIcon aria-hidden="true" />
              </a>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/50 bg-white/5 text-white backdrop-blur hover:bg-white/15 hover:text-white"
            >
              <Link to="/login">{t('landing.hero.signIn')}</Link>
            </Button>
          </div>
          <LandingStats />
        </div>
      </section>

      <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 pt-12 sm:px-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-14">
        <HowItWorks />
        {/*
          The #apply target is the card, heading included. scroll-margin keeps it clear of the sticky top menu:
          two rows (about 93 px) on phones, one (about 53 px) from 640 px.
        */}
        <Card id="apply" className={`gap-4 py-6 sm:py-8 ${APPLY_SCROLL_MARGIN}`}>
          <CardHeader className="px-5 sm:px-8">
            <CardTitle className="text-2xl tracking-tight">{t('landing.apply.title')}</CardTitle>
            <CardDescription>{t('landing.apply.description')}</CardDescription>
          </CardHeader>
          <CardContent className="px-5 sm:px-8">
            <ApplyForm />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

const STEPS = [
  { icon: SendIcon, title: 'landing.how.apply.title', text: 'landing.how.apply.text' },
  { icon: ClipboardCheckIcon, title: 'landing.how.review.title', text: 'landing.how.review.text' },
  { icon: PartyPopperIcon, title: 'landing.how.welcome.title', text: 'landing.how.welcome.text' },
] as const;

function HowItWorks() {
  const t = useT(catalog);
  return (
    <section aria-labelledby="how-title" className="grid content-start gap-6 lg:sticky lg:top-8">
      <div className="grid gap-2">
        <h2 id="how-title" className="text-2xl font-semibold tracking-tight">
          {t('landing.how.title')}
        </h2>
        <p className="text-muted-foreground">{t('landing.how.description')}</p>
      </div>
      <ol className="grid gap-4">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full border border-primary/40 bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="grid gap-0.5">
              <p className="font-medium">
                <span className="sr-only">{t('landing.how.step', { number: i + 1 })}</span>
                {t(title)}
              </p>
              <p className="text-sm text-muted-foreground">{t(text)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
