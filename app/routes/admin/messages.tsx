// The enquiry inbox (beyond the spec): every contact message, newest first, with
// the delivery state of its notification mail, so the owners see each enquiry
// even when mail fails.
import { Link, useLoaderData } from 'react-router';
import { loadList, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { refuse } from '~/.server/rule-refusal';
import {
  deleteContactMessage,
  readContactMessagesPage,
  retryContactMessageMail,
  setContactMessageRead,
  type Enquiry,
} from '~/.server/content/contact-messages';
import { requireAdmin } from '~/.server/auth/permissions';
import { EnquiryCard } from '~/components/admin/messages/enquiry-card';
import { adminMeta, EmptyState, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { Card, CardContent } from '~/components/ui/card';
import { EnquiryActionSchema } from '~/lib/schemas/enquiry';
import { clampedIntParam } from '~/lib/bounded-int';
import type { Route } from './+types/messages';

/** Far above any real inbox; only bounds what a URL can ask for. */
const MAX_PAGE = 100_000;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const requested = clampedIntParam(new URL(request.url).searchParams.get('page'), { min: 1, max: MAX_PAGE, fallback: 1 });
  return loadList('admin/messages', 'Impossible de charger les messages', () => readContactMessagesPage(requested), {
    messages: [] as Enquiry[],
    total: 0,
    unread: 0,
    page: requested,
    pageCount: 1,
  });
}

const SCREEN = 'admin/messages';

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'mark-read':
    case 'mark-unread':
      return runIntent(formData, {
        screen: SCREEN,
        schema: EnquiryActionSchema,
        failure: 'Impossible de mettre à jour le message',
        perform: ({ intent, id }) => setContactMessageRead(id, intent === 'mark-read'),
        success: ({ intent }) => (intent === 'mark-read' ? 'Message marqué comme lu' : 'Message marqué comme non lu'),
      });
    case 'delete':
      return runIntent(formData, {
        screen: SCREEN,
        schema: EnquiryActionSchema,
        failure: 'Impossible de supprimer le message',
        perform: ({ id }) => deleteContactMessage(id),
        success: 'Message supprimé avec succès',
      });
    case 'retry': {
      const failure = "Impossible de relancer l'envoi de l'e-mail";
      return runIntent(formData, {
        screen: SCREEN,
        schema: EnquiryActionSchema,
        failure,
        // No failed mail to retry (sent, pending or none): a conflict, not a missing row.
        perform: async ({ id }) => (await retryContactMessageMail(id)) || refuse(failure, { status: 409 }),
        success: "Nouvel envoi de l'e-mail programmé",
      });
    }
    default:
      return unknownIntent(formData);
  }
}

export const meta = () => adminMeta('Messages');

export default function Messages() {
  const { messages, total, unread, page, pageCount, loadError } = useLoaderData<typeof loader>();

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
      <LoadError message={loadError} />
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
              <EnquiryCard message={message} />
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
    </section>
  );
}
