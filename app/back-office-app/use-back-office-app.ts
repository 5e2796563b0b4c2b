// What the admin layout does once hydrated to make the back office an installed app:
// registers its service worker (scope /admin), follows the worker's "open this page"
// (a notification clicked while the back office is open) through the router — the
// unsaved-changes guard asks first — and, when the site's push key changed since this
// device subscribed, subscribes it again without a word.
import { useEffect } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { BACK_OFFICE_SCOPE } from './head';
import { registerBackOfficeWorker, renewSubscriptionOfOldKey } from './push-in-browser';

export const NOTIFICATIONS_ACTION = '/admin/notifications';

export function useBackOfficeApp(pushKey: string) {
  const navigate = useNavigate();
  const fetcher = useFetcher();
  const { submit } = fetcher;

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    registerBackOfficeWorker().catch((error: Error) => console.warn(`The back office's service worker was not registered: ${error.message}`));
    const follow = (event: MessageEvent) => {
      const url: unknown = event.data?.url;
      if (event.data?.type === 'open' && typeof url === 'string' && url.startsWith(BACK_OFFICE_SCOPE)) navigate(url);
    };
    navigator.serviceWorker.addEventListener('message', follow);
    return () => navigator.serviceWorker.removeEventListener('message', follow);
  }, [navigate]);

  useEffect(() => {
    renewSubscriptionOfOldKey(pushKey)
      .then((fields) => fields && submit(fields, { method: 'post', action: NOTIFICATIONS_ACTION }))
      .catch((error: Error) => console.warn(`This device's notifications could not be renewed: ${error.message}`));
  }, [pushKey, submit]);
}
