// The access map asks first (GDPR): Google's frame sets third-party cookies, so the
// page shows a placeholder of the same 500 px with the address and links until the
// visitor presses "Afficher la carte"; the choice lasts for the visit (sessionStorage).
import { useEffect, useState } from 'react';
import { mapUrl } from '~/lib/autolink';
import { useTranslation } from '~/lib/i18n-react';
import { useHydrated } from '~/lib/use-hydrated';
import { Icon } from './icon';

const CONSENT_KEY = 'mapConsent';

function rememberedConsent(): boolean {
  try {
    return window.sessionStorage.getItem(CONSENT_KEY) === 'yes';
  } catch {
    return false; // storage refused (private mode): ask again
  }
}

export function MapWithConsent({ address }: { address: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(rememberedConsent()), []);
  const query = address.replace(/\s+/g, ' ').trim();

  if (shown) {
    return (
      <iframe
        title={t('access.mapTitle', { address: query })}
        src={`https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className="h-[500px] w-full rounded-xl border"
        height={500}
      />
    );
  }
  const show = () => {
    try {
      window.sessionStorage.setItem(CONSENT_KEY, 'yes');
    } catch {
      /* remembered for this page only */
    }
    setShown(true);
  };
  return (
    <div
      className="flex h-[500px] w-full flex-col items-center justify-center gap-4 rounded-xl border bg-muted/60 p-6 text-center"
      data-testid="map-placeholder"
    >
      <Icon name="map-pin" className="size-10 text-primary" />
      <address className="whitespace-pre-line font-medium not-italic">{address}</address>
      <p className="max-w-sm text-sm text-muted-foreground">{t('access.mapNotice')}</p>
      {/* The button needs JavaScript; without it the links below still lead to a map. */}
      {hydrated ? (
        <button type="button" onClick={show} className="btn-primary">
          {t('access.showMap')}
        </button>
      ) : null}
      <p className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
        <a href={mapUrl(address)} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-2">
          {t('access.openMap')}
        </a>
        <a
          href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`}
          target="_blank"
          rel="noopener noreferrer"
          className="text-primary underline underline-offset-2"
        >
          {t('access.openOsm')}
        </a>
      </p>
    </div>
  );
}
