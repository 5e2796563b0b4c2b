// The live quote of the owner's booking forms (issue 45): as the room, dates, guests or
// code change, the price engine's answer — free or not, the lines, the rules — comes from
// /admin/stay-quote (guarded like every admin read), asked once the owner pauses typing
// (300 ms), so the conflict and the price show before « Enregistrer ».
import { useCallback, useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { Simulation } from '~/.server/booking/views/stay-simulation';
import { SimulationResult } from '~/components/admin/pricing/simulation-result';

const PAUSE_MS = 300;
const FIELDS = [
  ['room', 'roomId'],
  ['arrival', 'arrival'],
  ['departure', 'departure'],
  ['adults', 'adults'],
  ['children', 'children'],
  ['code', 'code'],
] as const;

/** `formProps` go on the form whose fields are watched; `refresh(form)` asks at once (e.g. for a form shown filled in). */
export function useLiveQuote(excludeBookingId?: string) {
  const fetcher = useFetcher<{ simulation: Simulation | null }>();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const asked = useRef('');
  const ask = useCallback(
    (form: HTMLFormElement, pause = PAUSE_MS) => {
      const data = new FormData(form);
      const params = new URLSearchParams();
      for (const [param, field] of FIELDS) {
        const value = String(data.get(field) ?? '').trim();
        if (value) params.set(param, value);
      }
      if (!params.get('room') || !params.get('arrival') || !params.get('departure')) return;
      if (excludeBookingId) params.set('exclude', excludeBookingId);
      const query = params.toString();
      if (query === asked.current) return;
      asked.current = query;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void load.current(`/admin/stay-quote?${query}`), pause);
    },
    [excludeBookingId],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    onChange: (event: React.FormEvent<HTMLFormElement>) => ask(event.currentTarget),
    refresh: (form: HTMLFormElement | null) => form && ask(form, 0),
    simulation: fetcher.data?.simulation ?? null,
    busy: fetcher.state !== 'idle',
    asked: asked.current !== '',
  };
}

/** The live quote's panel: announced politely as it changes. */
export function LiveQuote({ quote }: { quote: ReturnType<typeof useLiveQuote> }) {
  return (
    <section aria-labelledby="live-quote-title" aria-live="polite" aria-busy={quote.busy} className="rounded-md border p-4" data-testid="live-quote">
      <h4 id="live-quote-title" className="mb-2 font-medium">
        Prix et disponibilités
      </h4>
      {quote.simulation ? (
        <SimulationResult simulation={quote.simulation} ownerMayPass />
      ) : (
        <p className="text-sm text-muted-foreground">
          {quote.busy ? 'Calcul du prix…' : "Choisissez la chambre et les dates : le prix et les disponibilités s'affichent ici."}
        </p>
      )}
    </section>
  );
}
