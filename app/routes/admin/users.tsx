// 'Gestion des Utilisateurs' (SPEC §2, §6): search, counts, role change, deletion; the
// invitations (decision 0020) and those still pending, to send again or revoke.
import { PencilIcon, ShieldIcon, UsersIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLoaderData } from 'react-router';
import { loadList, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { INVITATION_VALID_DAYS, inviteUser, listPendingInvitations, resendInvitation, revokeInvitation } from '~/.server/auth/invitations';
import { requireAdmin } from '~/.server/auth/permissions';
import { changeUserRole, deleteUser, listUserProfiles } from '~/.server/auth/users';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { ListCell, ListRow, ListTable } from '~/components/admin/list-table';
import { adminMeta, EmptyState, formatDate, LoadError, ScreenHeader, SearchField } from '~/components/admin/screen-kit';
import { InviteDialog } from '~/components/admin/users/invite-dialog';
import { PendingInvitations } from '~/components/admin/users/pending-invitations';
import { RoleDialog, type UserRow } from '~/components/admin/users/role-dialog';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { DeleteUserSchema, InvitationIdSchema, InviteUserSchema, ROLE_LABELS, UpdateRoleSchema, type UserRole } from '~/lib/schemas/user';
import type { Route } from './+types/users';

const SCREEN = 'admin/users';

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  const list = await loadList(
    SCREEN,
    'Impossible de charger les utilisateurs',
    async () => {
      const [users, invitations] = await Promise.all([listUserProfiles(), listPendingInvitations()]);
      return { users, invitations };
    },
    { users: [], invitations: [] },
  );
  return { ...list, viewerId: viewer.userId, invitationValidDays: INVITATION_VALID_DAYS };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAdmin(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'update-role':
      return runIntent(formData, {
        screen: SCREEN,
        schema: UpdateRoleSchema,
        failure: 'Impossible de mettre à jour le rôle',
        perform: ({ userId, role }) => changeUserRole(viewer.userId, userId, role),
        success: 'Rôle mis à jour avec succès',
      });
    case 'delete':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeleteUserSchema,
        failure: "Impossible de supprimer l'utilisateur",
        perform: ({ userId }) => deleteUser(viewer.userId, userId),
        success: 'Utilisateur supprimé avec succès',
      });
    case 'invite':
      return runIntent(formData, {
        screen: SCREEN,
        schema: InviteUserSchema,
        failure: "Impossible d'envoyer l'invitation",
        perform: ({ email, role }) => inviteUser(email, role, viewer.userId),
        success: (_, result) => `Invitation envoyée à ${result.email}`,
      });
    case 'resend-invitation':
      return runIntent(formData, {
        screen: SCREEN,
        schema: InvitationIdSchema,
        failure: "Impossible de renvoyer l'invitation",
        perform: ({ id }) => resendInvitation(id, viewer.userId),
        success: (_, result) => `Invitation renvoyée à ${result.email}`,
      });
    case 'revoke-invitation':
      return runIntent(formData, {
        screen: SCREEN,
        schema: InvitationIdSchema,
        failure: "Impossible de révoquer l'invitation",
        perform: ({ id }) => revokeInvitation(id),
        success: (_, result) => `Invitation de ${result.email} révoquée`,
      });
    default:
      return unknownIntent(formData);
  }
}

export const meta = () => adminMeta('Gestion des Utilisateurs');

const matchesSearch = (user: UserRow, query: string) => {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return user.email.toLowerCase().includes(q) || user.role.toLowerCase().includes(q) || ROLE_LABELS[user.role as UserRole].toLowerCase().includes(q);
};

export default function Users() {
  const { users, invitations, viewerId, invitationValidDays, loadError } = useLoaderData<typeof loader>();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<UserRow | null>(null);
  const visible = useMemo(() => users.filter((u) => matchesSearch(u, query)), [users, query]);
  const adminCount = users.filter((u) => u.role === 'admin').length;

  return (
    <section aria-labelledby="users-title">
      <ScreenHeader id="users-title" title="Gestion des Utilisateurs" description="Gérez les comptes et les rôles des utilisateurs">
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:items-center">
          <SearchField id="users-search" label="Rechercher un utilisateur" placeholder="Rechercher par email ou rôle..." value={query} onChange={setQuery} />
          <InviteDialog validDays={invitationValidDays} />
        </div>
      </ScreenHeader>

      <div className="mb-6 grid grid-cols-2 gap-4">
        <CountCard title="Total utilisateurs" icon={<UsersIcon aria-hidden="true" className="size-4 text-muted-foreground" />} testId="users-total">
          {users.length}
        </CountCard>
        <CountCard title="Administrateurs" icon={<ShieldIcon aria-hidden="true" className="size-4 text-muted-foreground" />} testId="users-admins">
          {adminCount}
        </CountCard>
      </div>

      <LoadError message={loadError} />

      <PendingInvitations invitations={invitations} />

      {users.length === 0 ? (
        <EmptyState>Aucun utilisateur trouvé.</EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState>Aucun utilisateur trouvé pour cette recherche</EmptyState>
      ) : (
        <div className="rounded-md md:border md:bg-card">
          <ListTable
            label="Utilisateurs"
            columns={[{ label: 'Email' }, { label: 'Rôle' }, { label: 'Inscription' }, { label: 'Actions', className: 'text-right' }]}
          >
            {visible.map((user) => {
              const isSelf = user.id === viewerId;
              return (
                <ListRow key={user.id}>
                  <ListCell className="font-medium [overflow-wrap:anywhere]">
                    <span>
                      {user.email}
                      {isSelf ? <span className="ml-2 text-xs text-muted-foreground">(vous)</span> : null}
                    </span>
                  </ListCell>
                  <ListCell label="Rôle">
                    <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>{ROLE_LABELS[user.role as UserRole]}</Badge>
                  </ListCell>
                  <ListCell label="Inscription">{formatDate(user.createdAt)}</ListCell>
                  <ListCell actions>
                    <Button type="button" variant="outline" aria-label={`Modifier le rôle de ${user.email}`} onClick={() => setEditing(user)}>
                      <PencilIcon aria-hidden="true" />
                      <span aria-hidden="true">Rôle</span>
                    </Button>
                    <ConfirmDelete
                      label={`Supprimer ${user.email}`}
                      triggerText="Supprimer"
                      disabled={isSelf}
                      title="Supprimer l'utilisateur"
                      description={`Êtes-vous sûr de vouloir supprimer l'utilisateur ${user.email} ? Cette action est irréversible.`}
                      fields={{ userId: user.id }}
                    />
                  </ListCell>
                </ListRow>
              );
            })}
          </ListTable>
        </div>
      )}

      <RoleDialog user={editing} isSelf={editing?.id === viewerId} onClose={() => setEditing(null)} />
    </section>
  );
}

function CountCard({ title, icon, testId, children }: { title: string; icon: React.ReactNode; testId: string; children: React.ReactNode }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="flex flex-row items-center justify-between px-4">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent className="px-4">
        <p className="text-2xl font-bold" data-testid={testId}>
          {children}
        </p>
      </CardContent>
    </Card>
  );
}
