import * as React from 'react';
import { DEFAULT_APP_DESCRIPTION, DEFAULT_APP_NAME } from '@bayclub/shared';
import { usePublicSettings } from '#/lib/public-settings';
import { useSharedText } from '#/lib/i18n';

const DEFAULT_ICON = '/icon.svg';

function ensureTag<T extends HTMLElement>(selector: string, create: () => T): T {
  return (document.head.querySelector<T>(selector) ?? document.head.appendChild(create()));
}

/** Spec 2 (page metadata): title, description and icon follow the app settings. Renders nothing. */
export function DocumentMeta() {
  const { data } = usePublicSettings();
  const s = useSharedText();
  // The admin's name and description are shown as written; only the built-in defaults are translated.
  const name = data?.app_name || s(DEFAULT_APP_NAME);
  const description = s(data?.app_description ?? DEFAULT_APP_DESCRIPTION);
  const icon = data?.favicon_url || data?.fallback_favicon_url || DEFAULT_ICON;

  React.useEffect(() => {
    document.title = name;
    ensureTag('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' })).setAttribute(
      'content',
      description,
    );
    const link = ensureTag<HTMLLinkElement>('link[rel="icon"]', () => Object.assign(document.createElement('link'), { rel: 'icon' }));
    if (link.getAttribute('href') !== icon) link.setAttribute('href', icon);
  }, [name, description, icon]);

  return null;
}
