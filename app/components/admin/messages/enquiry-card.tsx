// One enquiry of the inbox: who, when, how to answer, the message, the state of its
// notification mail (with 'Réessayer' after a failure), read/unread and delete.
import { MailIcon, MailOpenIcon, PhoneIcon, RotateCwIcon } from 'lucide-react';
import { useFetcher } from 'react-router';
import type { Enquiry } from '~/.server/content/contact-messages';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { useOwnerTime } from '~/components/admin/owner-time';
import { cn } from '~/lib/utils';

// Paris time on the server and in every browser alike (no hydration mismatch).

export function EnquiryCard({ message }: { message: Enquiry }) {
  const fetcher = useFetcher();
  const ownerTime = useOwnerTime();
  const pendingIntent = fetcher.formData?.get('intent');
  // Optimistic: the read state flips as soon as the button is pressed.
  const isRead = pendingIntent === 'mark-read' ? true : pendingIntent === 'mark-unread' ? false : message.readAt !== null;
  const titleId = `message-${message.id}-title`;
  const phoneHref = message.phone ? `tel:${message.phone.replace(/[^\d+]/g, '')}` : null;

  return (
    <Card role="article" aria-labelledby={titleId} className={cn('gap-4 py-5', !isRead && 'border-l-4 border-l-primary')}>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <h3 id={titleId} className={cn('text-lg', isRead ? 'font-medium' : 'font-semibold')}>
              {message.name}
            </h3>
            <p className="text-sm text-muted-foreground">
              Reçu le <time dateTime={new Date(message.createdAt).toISOString()}>{ownerTime(message.createdAt, 'long')}</time>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {isRead ? null : <Badge>Non lu</Badge>}
            <MailStateBadge mail={message.mail} />
          </div>
        </div>

        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-muted-foreground">E-mail</dt>
          <dd className="break-all">
            <a href={`mailto:${message.email}`} className="inline-flex items-center gap-1 underline underline-offset-4">
              <MailIcon aria-hidden="true" className="size-4" />
              {message.email}
            </a>
          </dd>
          <dt className="font-medium text-muted-foreground">Téléphone</dt>
          <dd>
            {message.phone && phoneHref ? (
              <a href={phoneHref} className="inline-flex items-center gap-1 underline underline-offset-4">
                <PhoneIcon aria-hidden="true" className="size-4" />
                {message.phone}
              </a>
            ) : (
              message.phone || <span className="text-muted-foreground">Non renseigné</span>
            )}
          </dd>
          <dt className="font-medium text-muted-foreground">Dates</dt>
          <dd>{message.dates || <span className="text-muted-foreground">Non renseignées</span>}</dd>
          <dt className="font-medium text-muted-foreground">Personnes</dt>
          <dd>{message.guests}</dd>
        </dl>

        <blockquote className="rounded-md bg-muted/60 p-3 text-sm break-words whitespace-pre-wrap">{message.message}</blockquote>

        <MailStateDetails message={message} />

        <div className="flex flex-wrap gap-2">
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={message.id} />
            <input type="hidden" name="intent" value={isRead ? 'mark-unread' : 'mark-read'} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              aria-label={`${isRead ? 'Marquer comme non lu' : 'Marquer comme lu'} : message de ${message.name}`}
            >
              {isRead ? <MailIcon aria-hidden="true" /> : <MailOpenIcon aria-hidden="true" />}
              {isRead ? 'Marquer comme non lu' : 'Marquer comme lu'}
            </Button>
          </fetcher.Form>
          <ConfirmDelete
            label={`Supprimer le message de ${message.name}`}
            triggerText="Supprimer"
            title="Supprimer le message"
            description={`Êtes-vous sûr de vouloir supprimer le message de « ${message.name} » ? Cette action est irréversible.`}
            fields={{ id: message.id }}
          />
        </div>
      </CardContent>
    </Card>
  );
}

const STATE_LABELS = { sent: 'Envoyé', pending: 'En attente', failed: 'Échec' } as const;

function MailStateBadge({ mail }: { mail: Enquiry['mail'] }) {
  if (!mail) return null;
  return (
    <Badge
      variant={mail.state === 'failed' ? 'destructive' : mail.state === 'sent' ? 'secondary' : 'outline'}
      aria-label={`E-mail de notification : ${STATE_LABELS[mail.state]}`}
    >
      E-mail : {STATE_LABELS[mail.state]}
    </Badge>
  );
}

function MailStateDetails({ message }: { message: Enquiry }) {
  const fetcher = useFetcher();
  const ownerTime = useOwnerTime();
  const { mail } = message;
  if (!mail) return <p className="text-sm text-muted-foreground">Aucun e-mail de notification pour ce message.</p>;
  if (mail.state === 'sent') {
    return <p className="text-sm text-muted-foreground">E-mail de notification envoyé le {mail.sentAt ? ownerTime(mail.sentAt, 'short') : ''}.</p>;
  }
  if (mail.state === 'pending') {
    return (
      <div className="text-sm text-muted-foreground">
        <p>
          E-mail de notification en attente
          {mail.attempts > 0 ? ` · prochain essai le ${ownerTime(mail.nextAttemptAt, 'short')}` : ''}.
        </p>
        {mail.lastError ? <p className="break-words">Dernière erreur : {mail.lastError}</p> : null}
      </div>
    );
  }
  const busy = fetcher.state !== 'idle';
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-medium text-destructive">
          Échec de l'envoi de l'e-mail après {mail.attempts} essai{mail.attempts > 1 ? 's' : ''}.
        </p>
        {mail.lastError ? <p className="break-words text-muted-foreground">Erreur : {mail.lastError}</p> : null}
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={message.id} />
        <input type="hidden" name="intent" value="retry" />
        <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`Réessayer l'envoi : message de ${message.name}`}>
          <RotateCwIcon aria-hidden="true" />
          Réessayer
        </Button>
      </fetcher.Form>
    </div>
  );
}
