// How fresh an imported calendar is, the same on the Réservations screen and in the
// room editor: its last successful synchronisation and, while failing, its last error.
import { formatDateTimeFr } from '~/lib/format';

export const syncedWhen = (iso: string | null) => (iso ? formatDateTimeFr(new Date(iso)) : 'jamais');

export function FeedStatus({ lastSuccessAt, lastError, events }: { lastSuccessAt: string | null; lastError: string | null; events?: number }) {
  return (
    <>
      <p className="text-muted-foreground">
        Dernière synchronisation réussie : {syncedWhen(lastSuccessAt)}
        {events === undefined ? null : ` · ${events} événement${events > 1 ? 's' : ''}`}
      </p>
      {lastError ? <p className="text-destructive">Dernière erreur : {lastError}</p> : null}
    </>
  );
}
