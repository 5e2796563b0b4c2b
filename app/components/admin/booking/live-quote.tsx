// The live quote of the owner's booking forms (issue 45): as the room, dates, guests or
// code change, the price engine's answer — free or not, the lines, the rules — comes from
// /admin/stay-quote (guarded like every admin read), asked once the owner pauses typing
// (300 ms), so the conflict and the price show before « Enregistrer ».
//
// A plain fetch, not a fetcher: a fetcher is revalidated after every action, and when the
// action ends while the router is still discovering /admin/stay-quote (lazy route
// discovery), that revalidation matched the site's catch-all route, whose 404 took the
// whole booking page to the error boundary (remix-run/react-router#15326). The quote is a
// read of its own: nothing else on the page depends on it.
import { useCallback, useEffect, useRef, useState } from 'react';
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

/** `onChange` goes on the form whose fields are watched; `refresh(form)` asks at once (e.g. for a form shown filled in). */
export function useLiveQuote(excludeBookingId?: string) {
  const [simulation, setSimulation] = useState<Simulation | null>(null);
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  const load = useCallback(async (query: string) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setBusy(true);
    try {
      const response = await fetch(`/admin/stay-quote?${query}`, { headers: { Accept: 'application/json' }, signal: controller.signal });
      // Signed out meanwhile, or a server error: the panel keeps its invitation; « Enregistrer » still answers.
      const body = response.ok ? ((await response.json()) as { simulation: Simulation | null }) : { simulation: null };
      if (!controller.signal.aborted) setSimulation(body.simulation);
    } catch {
      if (!controller.signal.aborted) setSimulation(null);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setBusy(false);
      }
    }
  }, []);
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
      if (query === asked) return;
      setAsked(query);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void load(query), pause);
    },
    [asked, excludeBookingId, load],
  );
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );
  return {
    onChange: (event: React.FormEvent<HTMLFormElement>) => ask(event.currentTarget),
    refresh: (form: HTMLFormElement | null) => form && ask(form, 0),
    simulation,
    busy,
    asked: asked !== '',
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
