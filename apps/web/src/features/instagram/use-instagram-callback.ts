import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { INSTAGRAM_CALLBACK_MESSAGES, INSTAGRAM_CALLBACK_STATUSES, type InstagramCallbackStatus } from '@bayclub/shared';
import { sharedText, useSharedText } from '#/lib/i18n';

/**
 * The return from Instagram (/profile?instagram_callback=true&status=…): one toast for the outcome, then the flag
 * and the status leave the address (replace, so Back does not show the toast again).
 */
export function useInstagramCallback() {
  const location = useLocation();
  const navigate = useNavigate();
  useSharedText(); // the toast's texts in the page's language: loaded before the effect runs
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('instagram_callback') !== 'true') return;
    const raw = params.get('status');
    const status: InstagramCallbackStatus = INSTAGRAM_CALLBACK_STATUSES.includes(raw as InstagramCallbackStatus) ? (raw as InstagramCallbackStatus) : 'failed';
    const message = INSTAGRAM_CALLBACK_MESSAGES[status];
    const title = sharedText(message.title);
    if (status === 'connected') toast.success(title, { id: 'instagram-callback' });
    else toast.error(title, { id: 'instagram-callback', description: message.description && sharedText(message.description) });
    params.delete('instagram_callback');
    params.delete('status');
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [location.search, location.pathname, location.hash, navigate]);
}
