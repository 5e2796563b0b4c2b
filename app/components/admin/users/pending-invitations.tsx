// Users → 'Invitations en attente': each invitation not accepted yet, with its role and
// its expiry, to send again (a new link, the old one stops working) or revoke (asked first).
import { SendIcon, XCircleIcon } from 'lucide-react';
import { useFetcher } from 'react-router';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { ListCell, ListRow, ListTable } from '~/components/admin/list-table';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { useOwnerTime } from '~/components/admin/owner-time';
import { ROLE_LABELS, type UserRole } from '~/lib/schemas/user';

export interface PendingInvitationRow {
  id: string;
  email: string;
  role: UserRole;
  invitedBy: string | null;
  expiresAt: Date | string;
  expired: boolean;
}

export function PendingInvitations({ invitations }: { invitations: PendingInvitationRow[] }) {
  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby="pending-invitations-title" className="mb-6 space-y-3">
      <h3 id="pending-invitations-title" className="text-lg font-semibold">
        Invitations en attente
      </h3>
      <div className="rounded-md md:border md:bg-card">
        <ListTable
          label="Invitations en attente"
          columns={[{ label: 'Email' }, { label: 'Rôle' }, { label: 'Invité par' }, { label: 'Expiration' }, { label: 'Actions', className: 'text-right' }]}
        >
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ListTable>
      </div>
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: PendingInvitationRow }) {
  const resend = useFetcher();
  const expires = useOwnerTime()(invitation.expiresAt);
  return (
    <ListRow>
      <ListCell className="font-medium [overflow-wrap:anywhere]">{invitation.email}</ListCell>
      <ListCell label="Rôle">
        <Badge variant={invitation.role === 'admin' ? 'default' : 'secondary'}>{ROLE_LABELS[invitation.role]}</Badge>
      </ListCell>
      <ListCell label="Invité par" className="[overflow-wrap:anywhere]">
        {invitation.invitedBy ?? '—'}
      </ListCell>
      <ListCell label="Expiration">{invitation.expired ? <span className="text-destructive">Expirée le {expires}</span> : `Le ${expires}`}</ListCell>
      <ListCell actions>
        <resend.Form method="post">
          <input type="hidden" name="intent" value="resend-invitation" />
          <input type="hidden" name="id" value={invitation.id} />
          <Button type="submit" variant="outline" disabled={resend.state !== 'idle'} aria-label={`Renvoyer l'invitation à ${invitation.email}`}>
            <SendIcon aria-hidden="true" />
            <span aria-hidden="true">{resend.state !== 'idle' ? 'Envoi...' : 'Renvoyer'}</span>
          </Button>
        </resend.Form>
        <ConfirmDelete
          label={`Révoquer l'invitation de ${invitation.email}`}
          triggerText="Révoquer"
          icon={<XCircleIcon aria-hidden="true" />}
          intent="revoke-invitation"
          title="Révoquer l'invitation"
          description={`Le lien envoyé à ${invitation.email} n'ouvrira plus de compte. Vous pourrez l'inviter à nouveau.`}
          fields={{ id: invitation.id }}
          confirmText="Révoquer"
          busyText="Révocation..."
        />
      </ListCell>
    </ListRow>
  );
}
