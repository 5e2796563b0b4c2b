// The enquiry inbox (beyond the spec): every contact message, newest first, with
// the delivery state of its notification mail, so the owners see each enquiry
// even when mail fails.
import { parseWithZod } from '@conform-to/zod/v4';
import { MailIcon, MailOpenIcon, PhoneIcon, RotateCwIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { data, Link, useFetcher, useLoaderData } from 'react-router';
import {
  countContactMessages,
  countUnreadContactMessages,
  deleteContactMessage,
  ENQUIRIES_PAGE_SIZE,
  listContactMessages,
  retryContactMessageMail,
  setContactMessageRead,
  type Enquiry,
} from '~/.server/enquiries';
import { requireAdmin } from '~/.server/permissions';
import { toastError, toastSuccess } from '~/.server/toast';
import { EmptyState, ScreenHeader, useFetcherSuccess, useLoadErrorToast } from '~/components/admin/screen-kit';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { EnquiryActionSchema } from '~/lib/schemas/enquiry';
import { cn } from '~/lib/utils';
import type { Route } from './+types/messages';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const requested = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  try {
    const [messages, total, unread] = await Promise.all([
      listContactMessages(page),
      countContactMessages(),
      countUnreadContactMessages(),
    ]);
    return { messages, total, unread, page, pageCount: Math.max(1, Math.ceil(total / ENQUIRIES_PAGE_SIZE)), loadError: null };
  } catch (error) {
    console.error('listContactMessages failed:', error);
    return { messages: [], total: 0, unread: 0, page, pageCount: 1, loadError: 'Impossible de charger les messages' };
  }
}

const FAILURES = {
  'mark-read': 'Impossible de mettre à jour le message',
  'mark-unread': 'Impossible de mettre à jour le message',
  delete: 'Impossible de supprimer le message',
  retry: "Impossible de relancer l'envoi de l'e-mail",
} as const;

const SUCCESSES = {
  'mark-read': 'Message marqué comme lu',
  'mark-unread': 'Message marqué comme non lu',
  delete: 'Message supprimé avec succès',
  retry: "Nouvel envoi de l'e-mail programmé",
} as const;

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: EnquiryActionSchema });
  if (submission.status !== 'success') {
    return data({ ok: false, result: submission.reply() }, { status: 400 });
  }
  const { intent, id } = submission.value;
  let done: boolean;
  try {
    switch (intent) {
      case 'mark-read':
      case 'mark-unread':
        done = await setContactMessageRead(id, intent === 'mark-read');
        break;
      case 'delete':
        done = await deleteContactMessage(id);
        break;
      case 'retry':
        done = await retryContactMessageMail(id);
        break;
    }
  } catch (error) {
    console.error(`enquiry ${intent} failed:`, error);
    return toastError(FAILURES[intent], { ok: false, intent }, { status: 500 });
  }
  // Gone (deleted in another tab) or, for retry, no failed mail to retry.
  if (!done) return toastError(FAILURES[intent], { ok: false, intent }, { status: intent === 'retry' ? 409 : 404 });
  return toastSuccess(SUCCESSES[intent], { ok: true, intent });
}

export function meta() {
  return [{ title: 'Messages · Administration' }, { name: 'robots', content: 'noindex' }];
}

// Paris time on the server and in every browser alike (no hydration mismatch).
const receivedAt = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });
const shortTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

export default function Messages() {
  const { messages, total, unread, page, pageCount, loadError } = useLoaderData<typeof loader>();
  useLoadErrorToast(loadError);
  const [deleting, setDeleting] = useState<Enquiry | null>(null);

  return (
    <section aria-labelledby="messages-title" className="space-y-6">
      <ScreenHeader
        id="messages-title"
        title="Messages"
        description="Les demandes envoyées par le formulaire de contact du site, de la plus récente à la plus ancienne"
      >
        {total > 0 ? (
          <p className="text-sm text-muted-foreground">
            {total} message{total > 1 ? 's' : ''} · {unread} non lu{unread > 1 ? 's' : ''}
          </p>
        ) : null}
      </ScreenHeader>
      {loadError ? (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {loadError}
        </p>
      ) : null}
      {messages.length === 0 && !loadError ? (
        <Card>
          <CardContent>
            <EmptyState>Aucun message reçu pour le moment.</EmptyState>
          </CardContent>
        </Card>
      ) : (
        <ol className="space-y-4" aria-label="Messages reçus">
          {messages.map((message) => (
            <li key={message.id}>
              <EnquiryCard message={message} onDelete={() => setDeleting(message)} />
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages de messages" className="flex items-center justify-between gap-2 text-sm">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className="underline underline-offset-4">
              Messages plus récents
            </Link>
          ) : (
            <span />
          )}
          <span className="text-muted-foreground">
            Page {page} sur {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={`?page=${page + 1}`} className="underline underline-offset-4">
              Messages plus anciens
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <DeleteEnquiryDialog message={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function EnquiryCard({ message, onDelete }: { message: Enquiry; onDelete: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const pendingIntent = fetcher.formData?.get('intent');
  // Optimistic: the read state flips as soon as the button is pressed.
  const isRead = pendingIntent === 'mark-read' ? true : pendingIntent === 'mark-unread' ? false : message.readAt !== null;
  const titleId = `message-${message.id}-title`;
  const phoneHref = message.phone ? `tel:${message.phone.replace(/[^\d+]/g, '')}` : null;

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className={cn('gap-4 py-5', !isRead && 'border-l-4 border-l-primary')}
    >
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <h3 id={titleId} className={cn('text-lg', isRead ? 'font-medium' : 'font-semibold')}>
              {message.name}
            </h3>
            <p className="text-sm text-muted-foreground">
              Reçu le <time dateTime={new Date(message.createdAt).toISOString()}>{receivedAt.format(new Date(message.createdAt))}</time>
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
            <Button type="submit" variant="outline" size="sm" aria-label={`${isRead ? 'Marquer comme non lu' : 'Marquer comme lu'} : message de ${message.name}`}>
              {isRead ? <MailIcon aria-hidden="true" /> : <MailOpenIcon aria-hidden="true" />}
              {isRead ? 'Marquer comme non lu' : 'Marquer comme lu'}
            </Button>
          </fetcher.Form>
          <Button type="button" variant="destructive" size="sm" onClick={onDelete} aria-label={`Supprimer le message de ${message.name}`}>
            <Trash2Icon aria-hidden="true" />
            Supprimer
          </Button>
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
  const fetcher = useFetcher<typeof action>();
  const { mail } = message;
  if (!mail) return <p className="text-sm text-muted-foreground">Aucun e-mail de notification pour ce message.</p>;
  if (mail.state === 'sent') {
    return (
      <p className="text-sm text-muted-foreground">
        E-mail de notification envoyé le {mail.sentAt ? shortTime.format(new Date(mail.sentAt)) : ''}.
      </p>
    );
  }
  if (mail.state === 'pending') {
    return (
      <div className="text-sm text-muted-foreground">
        <p>
          E-mail de notification en attente
          {mail.attempts > 0 ? ` · prochain essai le ${shortTime.format(new Date(mail.nextAttemptAt))}` : ''}.
        </p>
        {mail.lastError ? <p className="break-words">Dernière erreur : {mail.lastError}</p> : null}
      </div>
    );
  }
  const busy = fetcher.state !== 'idle';
  return (
    <div role="status" className="flex flex-col gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
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

function DeleteEnquiryDialog({ message, onClose }: { message: Enquiry | null; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  return (
    <AlertDialog open={message !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Supprimer le message</AlertDialogTitle>
          <AlertDialogDescription>
            Êtes-vous sûr de vouloir supprimer le message de « {message?.name} » ? Cette action est irréversible.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={message?.id ?? ''} />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Annuler</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? 'Suppression...' : 'Supprimer'}
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
