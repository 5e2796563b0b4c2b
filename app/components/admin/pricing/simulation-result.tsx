// What the price engine says of a stay, as the owner reads it (issue 45): whether the
// nights are free (else what takes them), the quote's lines, tax and total, the rules that
// judged it, and every reason a guest could not ask for it. « Simuler un séjour » and the
// live quote of the booking forms draw it alike.
import { CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import type { Simulation } from '~/.server/booking/views/stay-simulation';
import { QuoteLineText } from '~/components/quote-line-text';
import { nightsFr } from '~/lib/stays';

export function SimulationResult({ simulation, ownerMayPass = false }: { simulation: Simulation; ownerMayPass?: boolean }) {
  const { view } = simulation;
  return (
    <div className="space-y-3 text-sm" data-testid="simulation">
      {simulation.conflicts.length ? (
        <div role="status" className="flex gap-2 rounded-md border border-amber-600/40 bg-amber-50 p-3 text-amber-950" data-testid="simulation-conflict">
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-medium">Conflit : ces nuits ne sont pas libres</p>
            <ul className="list-disc pl-5">
              {simulation.conflicts.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-green-800" data-testid="simulation-free">
          <CircleCheckIcon aria-hidden="true" className="size-4" />
          Nuits libres
        </p>
      )}
      {view.lines.length ? (
        <dl className="grid grid-cols-[1fr_max-content] gap-x-4 gap-y-1" aria-label="Devis">
          {view.lines.map((line) => (
            <div key={line.key} className="contents">
              <dt>
                <QuoteLineText line={line} />
              </dt>
              <dd className={line.reduction ? 'text-right text-green-800' : 'text-right'}>{line.amount}</dd>
            </div>
          ))}
          <dt className="border-t pt-1 font-medium">Prix du séjour ({nightsFr(view.nights)})</dt>
          <dd className="border-t pt-1 text-right font-medium">{view.total}</dd>
          {view.tax ? (
            <>
              <dt>
                <QuoteLineText line={view.tax} />
              </dt>
              <dd className="text-right">{view.tax.amount}</dd>
            </>
          ) : null}
          <dt className="font-semibold">Total à payer</dt>
          <dd className="text-right font-semibold" data-testid="simulation-amount">
            {view.amount}
          </dd>
          {view.deposit ? (
            <>
              <dt>Acompte</dt>
              <dd className="text-right">{view.deposit}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {simulation.problems.length ? (
        <div role="alert" className="rounded-md bg-destructive/10 p-3 text-destructive" data-testid="simulation-problems">
          <p className="font-medium">Un client ne pourrait pas demander ce séjour :</p>
          <ul className="list-disc pl-5">
            {simulation.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          {ownerMayPass && simulation.onlyRules ? (
            <p className="mt-1">Seules les règles de séjour s&apos;y opposent : cochez « Passer outre les règles » et indiquez pourquoi.</p>
          ) : null}
        </div>
      ) : (
        <p className="text-green-800">Un client peut demander ce séjour en ligne.</p>
      )}
      {simulation.rules.length ? (
        <details>
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">Règles qui s&apos;appliquent</summary>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1" data-testid="simulation-rules">
            {simulation.rules.map((rule) => (
              <div key={rule.label} className="contents">
                <dt className="text-muted-foreground">{rule.label}</dt>
                <dd>{rule.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </div>
  );
}
