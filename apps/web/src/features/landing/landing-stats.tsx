import { Skeleton } from '#/components/ui/skeleton';
import { useT } from '#/lib/i18n';
import { useLandingStatsQuery } from './api';
import { catalog } from './i18n';

/** 1234 -> '1,234'. Not Intl.NumberFormat: creating the first Intl object costs a phone tens of milliseconds. */
const formatCount = (n: number) => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Member and application counters for the hero. Quietly absent if they cannot be loaded. */
export function LandingStats() {
  const { data, isPending, isError } = useLandingStatsQuery();
  const t = useT(catalog);
  if (isError) return null;
  return (
    <dl className="grid max-w-md grid-cols-2 gap-3" aria-busy={isPending}>
      <Stat label={t('landing.stats.members')} value={data?.members} />
      <Stat label={t('landing.stats.applications')} value={data?.applications} />
    </dl>
  );
}

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="flex flex-col-reverse rounded-xl border border-white/20 bg-white/10 px-4 py-3 backdrop-blur-md">
      <dt className="text-xs font-medium tracking-[0.16em] text-white/80 uppercase">{label}</dt>
      <dd className="text-2xl font-semibold text-white tabular-nums sm:text-3xl">
        {value === undefined ? <Skeleton className="my-1 h-7 w-16 bg-white/20" /> : formatCount(value)}
      </dd>
    </div>
  );
}
