// Configuration card 'Données personnelles' (issue 47, FRENCH-RULES §7): how long each
// kind of personal data is kept (the nightly purge applies it: app/.server/privacy/),
// what the last purge did, and one person's data found by e-mail, exported (JSON, CSV)
// or erased on request, with what accounting law keeps and why.
import { getFormProps, getInputProps } from '@conform-to/react';
import { DownloadIcon, SearchIcon, UserXIcon } from 'lucide-react';
import { useFetcher } from 'react-router';
import { useAdminForm } from '~/components/admin/admin-form';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { ErrorList, Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { useOwnerTime } from '~/components/admin/owner-time';
import type { IntentReply } from '~/lib/intent-reply';
import { monthsInFrench, PersonEmailSchema, RETENTION_RULES, RetentionSchema, type RetentionKey, type RetentionSettings } from '~/lib/schemas/personal-data';
import { SaveButton } from './save-button';

export const PERSONAL_DATA_CARD_ID = 'donnees-personnelles';

/** What the person's look-up found (app/.server/privacy/person-data.ts summarisePersonData). */
export interface PersonSummaryView {
  email: string;
  found: boolean;
  counts: { contactMessages: number; requests: number; stays: number; testimonials: number; mails: number };
  kept: string | null;
  account: boolean;
  underWay: boolean;
}

export interface PersonalDataLog {
  createdAt: Date | string;
  counts: Record<string, number>;
  actor?: string | null;
  subject?: string | null;
}

const RETENTION_HINTS: Record<RetentionKey, string> = {
  contactMonths: 'Après le dernier échange avec la personne.',
  guestMonths: 'Après le départ ; les dates et montants du séjour restent (pièces comptables, 10 ans).',
  testimonialMonths: 'Comptés depuis leur envoi, même pour un témoignage dépublié après coup ; un témoignage publié est gardé tant qu’il est publié.',
  policeMonths: 'S’appliquera aux fiches de police quand le site les tiendra.',
};

const COUNT_WORDS: Record<string, [string, string]> = {
  contactMessages: ['message de contact', 'messages de contact'],
  requests: ['demande sans séjour', 'demandes sans séjour'],
  bookingRequests: ['demande sans séjour', 'demandes sans séjour'],
  stays: ['séjour', 'séjours'],
  stayGuests: ['séjour anonymisé', 'séjours anonymisés'],
  testimonials: ['témoignage', 'témoignages'],
  mails: ['courriel', 'courriels'],
};

/** "2 messages de contact, 1 séjour anonymisé" (only what is not zero), or "rien". */
export function describeCounts(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => `${n} ${COUNT_WORDS[key]?.[n > 1 ? 1 : 0] ?? key}`);
  return parts.length ? parts.join(', ') : 'rien à supprimer';
}

export function PersonalDataCard({
  retention,
  lastPurge,
  erasures,
}: {
  retention: RetentionSettings;
  lastPurge: PersonalDataLog | null;
  erasures: PersonalDataLog[];
}) {
  const ownerTime = useOwnerTime();
  return (
    <Card id={PERSONAL_DATA_CARD_ID} className="scroll-mt-20">
      <CardHeader>
        <CardTitle>
          <h3>Données personnelles</h3>
        </CardTitle>
        <CardDescription>
          Le site ne garde les données de vos visiteurs et clients que le temps permis (RGPD) : chaque nuit, il supprime ou anonymise ce qui a dépassé ces
          durées. La page Mentions légales les annonce.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        <RetentionForm retention={retention} />
        <p className="text-sm" data-testid="last-purge">
          {lastPurge
            ? `Dernière purge : ${ownerTime(lastPurge.createdAt)} — ${describeCounts(lastPurge.counts)}.`
            : 'Aucune purge pour le moment : la première a lieu la nuit prochaine, après 4 h.'}
        </p>
        <PersonLookup />
        {erasures.length ? (
          <div className="space-y-2 text-sm">
            <h4 className="font-semibold">Effacements récents</h4>
            <ul className="list-disc space-y-1 pl-5" data-testid="recent-erasures">
              {erasures.map((e) => (
                <li key={String(e.createdAt)}>
                  {ownerTime(e.createdAt)} — {e.subject} par {e.actor} : {describeCounts(e.counts)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RetentionForm({ retention }: { retention: RetentionSettings }) {
  const fetcher = useFetcher();
  const defaults = Object.fromEntries(Object.entries(retention).map(([key, months]) => [key, String(months)]));
  const [form, fields] = useAdminForm({ id: 'retention', schema: RetentionSchema, reply: fetcher.data, defaultValue: defaults });
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="save-retention" />
      <h4 className="font-semibold">Durées de conservation (en mois)</h4>
      <div className="grid gap-4 md:grid-cols-2">
        {(Object.keys(RETENTION_RULES) as RetentionKey[]).map((key) => {
          const rule = RETENTION_RULES[key];
          return (
            <Field
              key={key}
              label={rule.label}
              hint={`${RETENTION_HINTS[key]} Par défaut ${monthsInFrench(rule.default)} ; de ${rule.min} à ${rule.max} mois.`}
              inputProps={{ ...getInputProps(fields[key], { type: 'number' }), min: rule.min, max: rule.max }}
              errors={fields[key].errors}
            />
          );
        })}
      </div>
      <SaveButton saving={fetcher.state !== 'idle'} label="Enregistrer les durées" />
    </fetcher.Form>
  );
}

function PersonLookup() {
  const lookup = useFetcher<IntentReply>();
  const [form, fields] = useAdminForm({ id: 'find-person', schema: PersonEmailSchema, reply: lookup.data });
  const person = lookup.data?.ok ? (lookup.data.answer as PersonSummaryView) : null;
  // After an erasure, the same look-up again: the screen shows what is left.
  const lookAgain = (reply: IntentReply) => {
    if (reply.ok && person) lookup.submit({ intent: 'find-person', email: person.email }, { method: 'post' });
  };
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h4 className="font-semibold">Données d’une personne</h4>
        <p className="text-sm text-muted-foreground">
          Quand une personne demande ses données ou leur effacement, retrouvez-les par son adresse email : exportez-les pour elle, ou effacez-les.
        </p>
      </div>
      <lookup.Form method="post" {...getFormProps(form)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="find-person" />
        <Field
          className="flex-1"
          label="Adresse email de la personne"
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
          errors={fields.email.errors}
        />
        <Button type="submit" variant="outline" disabled={lookup.state !== 'idle'}>
          <SearchIcon aria-hidden="true" />
          Rechercher
        </Button>
      </lookup.Form>
      <ErrorList id={form.errorId} errors={form.errors} />
      {person ? <PersonFound person={person} onErased={lookAgain} /> : null}
    </div>
  );
}

function PersonFound({ person, onErased }: { person: PersonSummaryView; onErased: (reply: IntentReply) => void }) {
  const { counts } = person;
  if (!person.found) {
    return (
      <p role="status" className="rounded-md border p-3 text-sm">
        Aucune donnée pour {person.email}
        {person.account ? ' (hors son compte du back-office, à gérer dans Utilisateurs)' : ''}.
      </p>
    );
  }
  return (
    <section aria-label={`Données de ${person.email}`} className="space-y-3 rounded-md border p-4 text-sm">
      <p role="status">
        Pour {person.email} : {describeCounts(counts)}.
      </p>
      {person.kept ? <p>Conservé après effacement — {person.kept}</p> : null}
      {person.account ? <p>Cette adresse a aussi un compte du back-office : il se supprime dans Utilisateurs.</p> : null}
      {person.underWay ? (
        <p className="rounded-md bg-amber-50 p-2 text-amber-950">
          Une demande est en cours ou un séjour n’est pas terminé : l’effacement attendra son départ (ou l’annulation de la réservation).
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {(['json', 'csv'] as const).map((format) => (
          // A plain form post: the browser saves the answer as a file and the page stays.
          <form key={format} method="post" action="/admin/personal-data">
            <input type="hidden" name="intent" value="export-person" />
            <input type="hidden" name="email" value={person.email} />
            <input type="hidden" name="format" value={format} />
            <Button type="submit" variant="outline">
              <DownloadIcon aria-hidden="true" />
              Exporter ({format.toUpperCase()})
            </Button>
          </form>
        ))}
        <ConfirmDelete
          label={`Effacer les données de ${person.email}`}
          triggerText="Effacer ses données"
          icon={<UserXIcon aria-hidden="true" />}
          disabled={person.underWay}
          intent="erase-person"
          title="Effacer les données de cette personne"
          description={`Les messages, demandes sans séjour, témoignages et courriels de ${person.email} seront supprimés${
            counts.stays ? ', et ses coordonnées et messages effacés de ses séjours, dont les dates et montants restent (pièces comptables, 10 ans)' : ''
          }. Cette action est irréversible.`}
          fields={{ email: person.email }}
          confirmText="Effacer"
          busyText="Effacement..."
          onReply={onErased}
        />
      </div>
    </section>
  );
}
