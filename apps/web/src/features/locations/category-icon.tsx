import { BeerIcon, CoffeeIcon, DumbbellIcon, MapPinIcon, TicketIcon, TreesIcon, UmbrellaIcon, UtensilsIcon, type LucideIcon } from 'lucide-react';
import type { LocationCategory } from '@bayclub/shared';

const ICONS: Record<LocationCategory, LucideIcon> = {
  bar: BeerIcon,
  cafe: CoffeeIcon,
  restaurant: UtensilsIcon,
  gym: DumbbellIcon,
  park: TreesIcon,
  beach: UmbrellaIcon,
  venue: TicketIcon,
  other: MapPinIcon,
};

/** The category's icon, decorative (the category is always named beside it). */
export function CategoryIcon({ category, className }: { category: LocationCategory; className?: string }) {
  const Icon = ICONS[category];
  return <Icon aria-hidden="true" className={className} />;
}
