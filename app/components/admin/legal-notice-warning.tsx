// At the top of the owner's home and of Configuration: what the law still requires of
// the legal notice (listMissingLegalNoticeFields, app/.server/content/site-settings.ts), with
// the way to the card where it is filled.
import { TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router';

export const LEGAL_CARD_ID = 'mentions-legales';

export function LegalNoticeWarning({ missing, here = false }: { missing: ReadonlyArray<{ field: string; label: string }>; here?: boolean }) {
  if (missing.length === 0) return null;
  return (
    <section
      aria-labelledby="legal-warning-title"
      className="flex gap-3 rounded-md border border-amber-600/40 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="legal-missing"
    >
      <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-2">
        <h3 id="legal-warning-title" className="font-semibold">
          Mentions légales incomplètes
        </h3>
        <p>La loi (LCEN, art. 6 et 19 ; Code de la consommation, art. L616-1) demande encore :</p>
        <ul className="list-disc pl-5">
          {missing.map((m) => (
            <li key={m.field}>{m.label}</li>
          ))}
        </ul>
        <p>En attendant, la page publique n&apos;affiche que ce qui est renseigné.</p>
        {/* A link to another screen, or within Configuration a jump to the card. */}
        {here ? (
          <a href={`#${LEGAL_CARD_ID}`} className="font-medium underline underline-offset-4">
            Compléter les mentions légales
          </a>
        ) : (
          <Link to={`/admin/config#${LEGAL_CARD_ID}`} className="font-medium underline underline-offset-4">
            Compléter les mentions légales
          </Link>
        )}
      </div>
    </section>
  );
}
