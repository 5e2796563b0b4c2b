// The room editor's Calendriers tab (issue 14): the calendars imported from the
// platforms (Airbnb, Booking.com…) and the room's own export link to paste there.
import { getFormProps, getInputProps } from '@conform-to/react';
import { CopyIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { FeedStatus } from '~/components/admin/feed-status';
import { EmptyState } from '~/components/admin/screen-kit';
import { ErrorList, Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { AddFeedSchema, RenameFeedSchema } from '~/lib/schemas/booking-admin';
import { useToast } from '~/lib/toast';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';

export interface RoomFeed {
  id: string;
  url: string;
  /** The owner's name, else the platform recognised from the URL. */
  label: string;
  ownLabel: string;
  report: string | null;
  events: number;
  lastSuccessAt: string | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  stale: boolean;
}

/** One imported feed: its name (renamable), address, last import and the remove button. */
function FeedItem({ feed, staleHours }: { feed: RoomFeed; staleHours: number }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({ id: `rename-feed-${feed.id}`, schema: RenameFeedSchema, reply: fetcher.data });
  return (
    <li className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium">{feed.label}</p>
        <p className="break-all text-muted-foreground">{feed.url}</p>
        <FeedStatus lastSuccessAt={feed.lastSuccessAt} lastError={feed.lastError} report={feed.report} stale={feed.stale} staleHours={staleHours} />
        <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-col gap-2 pt-1 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="rename-feed" />
          <input type="hidden" name="id" value={feed.id} />
          <Field
            className="sm:w-64"
            label={`Nom du calendrier ${feed.label}`}
            labelHidden
            inputProps={{ ...getInputProps(fields.label, { type: 'text' }), defaultValue: feed.ownLabel, placeholder: feed.label, maxLength: 80 }}
            errors={fields.label.errors}
          />
          <Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'} aria-label={`Renommer le calendrier ${feed.label}`}>
            Renommer
          </Button>
        </fetcher.Form>
      </div>
      <ConfirmDelete
        label={`Supprimer le calendrier ${feed.label}`}
        title="Supprimer ce calendrier ?"
        description="Les nuits qu'il bloquait redeviennent libres sur le site, sauf si un autre calendrier les bloque."
        intent="delete-feed"
        fields={{ id: feed.id }}
      />
    </li>
  );
}

export function ImportedFeedsCard({ feeds, staleHours }: { feeds: RoomFeed[]; staleHours: number }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({ id: 'add-feed', schema: AddFeedSchema, reply: fetcher.data });
  useFetcherSuccess(fetcher, () => form.reset());
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Calendriers importés</h3>
        </CardTitle>
        <CardDescription>
          Les nuits réservées sur Airbnb, Booking.com ou ailleurs : collez ici le lien iCal (.ics) que chaque plateforme donne pour cette chambre. Ils sont
          relus automatiquement.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {feeds.length === 0 ? (
          <EmptyState>Aucun calendrier importé pour cette chambre</EmptyState>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Calendriers importés">
            {feeds.map((feed) => (
              <FeedItem key={feed.id} feed={feed} staleHours={staleHours} />
            ))}
          </ul>
        )}
        <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <input type="hidden" name="intent" value="add-feed" />
          <Field
            className="flex-1"
            label="Lien iCal à importer"
            inputProps={{ ...getInputProps(fields.url, { type: 'url' }), placeholder: 'https://www.airbnb.fr/calendar/ical/….ics', maxLength: 2000 }}
            errors={fields.url.errors}
          />
          <Field
            className="sm:w-56"
            label="Nom (facultatif)"
            hint="Par défaut : la plateforme"
            inputProps={{ ...getInputProps(fields.label, { type: 'text' }), maxLength: 80 }}
            errors={fields.label.errors}
          />
          <Button type="submit" className="sm:mt-6" disabled={fetcher.state !== 'idle'}>
            Importer ce calendrier
          </Button>
        </fetcher.Form>
        <ErrorList errors={form.errors} />
      </CardContent>
    </Card>
  );
}

export function ExportLinkCard({ url }: { url: string | null }) {
  const raise = useToast();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      raise({ type: 'error', title: 'Erreur', description: 'Copie impossible : sélectionnez le lien et copiez-le' });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Calendrier exporté</h3>
        </CardTitle>
        <CardDescription>
          Collez ce lien dans Airbnb, Booking.com… (import de calendrier) : les nuits réservées ou bloquées ici s'y ferment aussi. Gardez-le secret.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {url ? (
          <>
            <Field
              label="Lien d'export iCal"
              inputProps={{ id: 'export-url', type: 'url', value: url, readOnly: true, onFocus: (event) => event.currentTarget.select() }}
            />
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="button" variant="outline" onClick={copy}>
                <CopyIcon aria-hidden="true" />
                Copier le lien
              </Button>
              <ConfirmDelete
                label="Régénérer le lien"
                triggerText="Régénérer le lien"
                icon={<RefreshCwIcon aria-hidden="true" />}
                title="Régénérer le lien d'export ?"
                description="L'ancien lien cessera aussitôt de fonctionner : il faudra coller le nouveau dans chaque plateforme qui l'utilise."
                intent="regenerate-export"
                fields={{}}
                confirmText="Régénérer"
                busyText="Régénération..."
              />
            </div>
            <p role="status" className="text-sm text-muted-foreground">
              {copied ? 'Lien copié' : ''}
            </p>
          </>
        ) : (
          <EmptyState>Lien indisponible</EmptyState>
        )}
      </CardContent>
    </Card>
  );
}
