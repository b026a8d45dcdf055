import * as React from 'react';
import { Link } from 'react-router';
import { HandIcon, HandHeartIcon, MapPinIcon, SparklesIcon, UserIcon, XIcon } from 'lucide-react';
import { imageVariantUrl, type DeckCardView } from '@bayclub/shared';
import { Button } from '#/components/ui/button';
import { useSharedText, useT } from '#/lib/i18n';
import { cityLabel } from '#/lib/member-format';
import { VerifiedBadge } from '#/components/member/verified-badge';
import { catalog } from './i18n';

interface DeckCardProps {
  card: DeckCardView;
  onSayHi: () => void;
  onSkip: () => void;
  /** No hellos left today: Say Hi is disabled and described by this element's id. */
  sayHiDisabledBy?: string;
}

/** One member of the deck: photo, name, age and city, bio, interests (shared ones first), and the two actions. */
export function DeckCard({ card, onSayHi, onSkip, sayHiDisabledBy }: DeckCardProps) {
  const t = useT(catalog);
  const s = useSharedText();
  const name = card.fullName || t('say-hi.card.member');
  const headingId = React.useId();
  const city = cityLabel(card.city);
  const common = new Set(card.commonInterests);
  const others = card.interests.filter((i) => !common.has(i));
  const othersLabel = card.commonInterests.length > 0 ? t('say-hi.card.otherInterests') : t('say-hi.card.interests');

  return (
    <article
      aria-labelledby={headingId}
      data-testid="deck-card"
      className="grid overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm"
    >
      <DeckPhoto key={card.id} url={card.profilePictureUrl} name={name} />
      <div className="grid gap-4 p-5">
        <div className="grid gap-1">
          {card.saidHiToYou && (
            <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-primary/15 px-3 py-1 text-sm font-medium text-primary">
              <HandIcon aria-hidden="true" className="size-4" />
              {t('say-hi.card.saidHiToYou')}
            </p>
          )}
          <h2 id={headingId} className="flex min-w-0 items-center gap-2 text-2xl font-semibold tracking-tight">
            <Link to={`/view-profile/${card.id}`} className="min-w-0 truncate rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
              {name}
            </Link>
            {card.age !== null && <span className="font-normal text-muted-foreground">{card.age}</span>}
            {card.isVerified && <VerifiedBadge />}
          </h2>
          {city && (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <MapPinIcon aria-hidden="true" className="size-4" />
              <span className="sr-only">{t('say-hi.card.city')}</span>
              {s(city)}
            </p>
          )}
        </div>

        {card.bio && <p className="leading-relaxed break-words whitespace-pre-line">{card.bio}</p>}

        {card.commonInterests.length > 0 && (
          <section aria-label={t('say-hi.card.commonInterests')} className="grid gap-2">
            <h3 className="flex items-center gap-1.5 text-sm font-medium">
              <SparklesIcon aria-hidden="true" className="size-4 text-primary" />
              {t('say-hi.card.commonInterests')}
            </h3>
            <ul className="flex flex-wrap gap-2">
              {card.commonInterests.map((interest) => (
                <li key={interest} className="rounded-full border border-primary bg-primary/15 px-3 py-1 text-sm font-medium">
                  {s(interest)}
                </li>
              ))}
            </ul>
          </section>
        )}
        {others.length > 0 && (
          <section aria-label={othersLabel} className="grid gap-2">
            <h3 className="text-sm font-medium">{othersLabel}</h3>
            <ul className="flex flex-wrap gap-2">
              {others.map((interest) => (
                <li key={interest} className="rounded-full border bg-secondary px-3 py-1 text-sm text-secondary-foreground">
                  {s(interest)}
                </li>
              ))}
            </ul>
          </section>
        )}

        <div className="grid grid-cols-2 gap-3 pt-1">
          <Button variant="outline" size="lg" onClick={onSkip} aria-label={t('say-hi.card.skipName', { name })}>
            <XIcon aria-hidden="true" />
            {t('say-hi.card.skip')}
          </Button>
          <Button
            size="lg"
            onClick={onSayHi}
            disabled={sayHiDisabledBy !== undefined}
            aria-describedby={sayHiDisabledBy}
            aria-label={t('say-hi.card.sayHiTo', { name })}
          >
            <HandHeartIcon aria-hidden="true" />
            {t('say-hi.card.sayHi')}
          </Button>
        </div>
      </div>
    </article>
  );
}

/** The medium variant; a placeholder when there is no picture or it fails to load. */
function DeckPhoto({ url, name }: { url: string | null; name: string }) {
  const t = useT(catalog);
  const [broken, setBroken] = React.useState(false);
  const src = imageVariantUrl(url, 'medium');
  return (
    <div className="relative aspect-[4/3] w-full bg-muted sm:aspect-[4/3]">
      {src && !broken ? (
        <img
          src={src}
          alt={t('say-hi.photoOf', { name })}
          className="size-full object-cover"
          onError={() => setBroken(true)}
        />
      ) : (
        <div data-testid="deck-photo-placeholder" className="flex size-full items-center justify-center">
          <UserIcon aria-hidden="true" className="size-16 text-muted-foreground" />
        </div>
      )}
    </div>
  );
}
