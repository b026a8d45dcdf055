import { Link } from 'react-router';
import { DEFAULT_APP_NAME } from '@bayclub/shared';
import { usePublicSettings } from '#/lib/public-settings';
import { useSharedText } from '#/lib/i18n';

/** Icon and app name (from settings), linking home. */
export function AppBrand({ to, onNavigate }: { to: string; onNavigate?: () => void }) {
  const { data } = usePublicSettings();
  const s = useSharedText();
  const name = data?.app_name || s(DEFAULT_APP_NAME);
  const icon = data?.favicon_url || data?.fallback_favicon_url || '/icon.svg';
  return (
    <Link
      to={to}
      onClick={onNavigate}
      aria-label={name}
      className="flex min-w-0 items-center gap-2 rounded-md p-1 font-semibold outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
    >
      <img src={icon} alt="" className="size-7 shrink-0 rounded-md" width={28} height={28} />
      <span className="truncate group-data-[collapsible=icon]:hidden">{name}</span>
    </Link>
  );
}
