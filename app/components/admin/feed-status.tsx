// How fresh an imported calendar is, the same on the Réservations screen and in the
// room editor: its last successful synchronisation with what it imported and skipped,
// and, while failing, its last error.
import { TriangleAlertIcon } from 'lucide-react';
import { useOwnerTime } from './owner-time';

/** When a feed was last read, at the guesthouse: "24/11/2026 à 08:15", or 'jamais'. */
export function useSyncedWhen() {
  const ownerTime = useOwnerTime();
  return (iso: string | null) => (iso ? ownerTime(iso) : 'jamais');
}

/** The owner's warning for a feed not read successfully for ICAL_STALE_HOURS. */
export const staleWarning = (hours: number) =>
  `Pas de synchronisation réussie depuis plus de ${hours} h : les nuits réservées sur cette plateforme peuvent manquer. Les clients voient une note sur la page de la chambre.`;

export function FeedStatus({
  lastSuccessAt,
  lastError,
  report,
  stale,
  staleHours,
}: {
  lastSuccessAt: string | null;
  lastError: string | null;
  /** The last good import: "N événements importés, M ignorés (raison)". */
  report?: string | null;
  stale: boolean;
  staleHours: number;
}) {
  const syncedWhen = useSyncedWhen();
  return (
    <>
      <p className="text-muted-foreground">
        Dernière synchronisation réussie : {syncedWhen(lastSuccessAt)}
        {report ? ` · ${report}` : null}
      </p>
      {lastError ? <p className="text-destructive">Dernière erreur : {lastError}</p> : null}
      {stale ? (
        <p className="flex items-start gap-1.5 font-medium text-destructive">
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {staleWarning(staleHours)}
        </p>
      ) : null}
    </>
  );
}
