import { parseWithZod } from '@conform-to/zod/v4';
import { PencilIcon, ShieldIcon, Trash2Icon, UsersIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { data, useFetcher, useLoaderData } from 'react-router';
import { requireAdmin } from '~/.server/permissions';
import { toastError, toastSuccess } from '~/.server/toast';
import { changeUserRole, deleteUser, listUserProfiles } from '~/.server/users';
import {
  EmptyState,
  FieldError,
  formatDate,
  replyErrors,
  ScreenHeader,
  SearchField,
  useFetcherSuccess,
  useLoadErrorToast,
} from '~/components/admin/screen-kit';
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
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { DeleteUserSchema, ROLE_LABELS, ROLES, UpdateRoleSchema, type UserRole } from '~/lib/schemas/user';
import type { Route } from './+types/users';

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  try {
    const users = await listUserProfiles();
    return { users, viewerId: viewer.userId, loadError: null };
  } catch (error) {
    console.error('listUserProfiles failed:', error);
    return { users: [], viewerId: viewer.userId, loadError: 'Impossible de charger les utilisateurs' };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get('intent');
  switch (intent) {
    case 'update-role': {
      const submission = parseWithZod(formData, { schema: UpdateRoleSchema });
      if (submission.status !== 'success') return data({ ok: false, intent, result: submission.reply() }, { status: 400 });
      try {
        const outcome = await changeUserRole(viewer.userId, submission.value.userId, submission.value.role);
        if (!outcome.ok) {
          return toastError(outcome.message, { ok: false, intent, result: submission.reply({ formErrors: [outcome.message] }) });
        }
      } catch (error) {
        console.error('changeUserRole failed:', error);
        return toastError('Impossible de mettre à jour le rôle', { ok: false, intent }, { status: 500 });
      }
      return toastSuccess('Rôle mis à jour avec succès', { ok: true, intent });
    }
    case 'delete': {
      const submission = parseWithZod(formData, { schema: DeleteUserSchema });
      if (submission.status !== 'success') return data({ ok: false, intent, result: submission.reply() }, { status: 400 });
      try {
        const outcome = await deleteUser(request, viewer.userId, submission.value.userId);
        if (!outcome.ok) {
          return toastError(outcome.message, { ok: false, intent, result: submission.reply({ formErrors: [outcome.message] }) });
        }
      } catch (error) {
        console.error('deleteUser failed:', error);
        return toastError("Impossible de supprimer l'utilisateur", { ok: false, intent }, { status: 500 });
      }
      return toastSuccess('Utilisateur supprimé avec succès', { ok: true, intent });
    }
    default:
      return data({ ok: false, intent, error: 'Action inconnue' }, { status: 400 });
  }
}

export function meta() {
  return [{ title: 'Gestion des Utilisateurs · Administration' }, { name: 'robots', content: 'noindex' }];
}

type UserRow = Awaited<ReturnType<typeof loader>>['users'][number];

const matchesSearch = (user: UserRow, query: string) => {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    user.email.toLowerCase().includes(q) ||
    user.role.toLowerCase().includes(q) ||
    ROLE_LABELS[user.role as UserRole].toLowerCase().includes(q)
  );
};

export default function Users() {
  const { users, viewerId, loadError } = useLoaderData<typeof loader>();
  useLoadErrorToast(loadError);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const visible = useMemo(() => users.filter((u) => matchesSearch(u, query)), [users, query]);
  const adminCount = users.filter((u) => u.role === 'admin').length;

  return (
    <section aria-labelledby="users-title">
      <ScreenHeader id="users-title" title="Gestion des Utilisateurs" description="Gérez les comptes et les rôles des utilisateurs">
        <SearchField
          id="users-search"
          label="Rechercher un utilisateur"
          placeholder="Rechercher par email ou rôle..."
          value={query}
          onChange={setQuery}
        />
      </ScreenHeader>

      <div className="mb-6 grid grid-cols-2 gap-4">
        <Card className="gap-2 py-4">
          <CardHeader className="flex flex-row items-center justify-between px-4">
            <CardTitle className="text-sm font-medium">Total utilisateurs</CardTitle>
            <UsersIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          </CardHeader>
          <CardContent className="px-4">
            <p className="text-2xl font-bold" data-testid="users-total">
              {users.length}
            </p>
          </CardContent>
        </Card>
        <Card className="gap-2 py-4">
          <CardHeader className="flex flex-row items-center justify-between px-4">
            <CardTitle className="text-sm font-medium">Administrateurs</CardTitle>
            <ShieldIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          </CardHeader>
          <CardContent className="px-4">
            <p className="text-2xl font-bold" data-testid="users-admins">
              {adminCount}
            </p>
          </CardContent>
        </Card>
      </div>

      {loadError ? (
        <p role="alert" className="mb-4 rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {loadError}
        </p>
      ) : null}

      {users.length === 0 ? (
        <EmptyState>Aucun utilisateur trouvé.</EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState>Aucun utilisateur trouvé pour cette recherche</EmptyState>
      ) : (
        <div className="rounded-md border bg-card">
          <Table aria-label="Utilisateurs">
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Rôle</TableHead>
                <TableHead className="hidden sm:table-cell">Inscription</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {visible.map((user) => {
                const isSelf = user.id === viewerId;
                return (
                  <TableRow key={user.id}>
                    <TableCell className="min-w-40 font-medium whitespace-normal [overflow-wrap:anywhere]">
                      {user.email}
                      {isSelf ? <span className="ml-2 text-xs text-muted-foreground">(vous)</span> : null}
                    </TableCell>
                    <TableCell>
                      <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>
                        {ROLE_LABELS[user.role as UserRole]}
                      </Badge>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">{formatDate(user.createdAt)}</TableCell>
                    <TableCell className="text-right">
                      <div className="flex justify-end gap-2">
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          aria-label={`Modifier le rôle de ${user.email}`}
                          onClick={() => setEditing(user)}
                        >
                          <PencilIcon aria-hidden="true" />
                          <span className="hidden md:inline">Rôle</span>
                        </Button>
                        <Button
                          type="button"
                          variant="destructive"
                          size="sm"
                          aria-label={`Supprimer ${user.email}`}
                          title={isSelf ? 'Vous ne pouvez pas supprimer votre propre compte' : undefined}
                          disabled={isSelf}
                          onClick={() => setDeleting(user)}
                        >
                          <Trash2Icon aria-hidden="true" />
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}

      <RoleDialog user={editing} isSelf={editing?.id === viewerId} onClose={() => setEditing(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function RoleDialog({ user, isSelf, onClose }: { user: UserRow | null; isSelf: boolean; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  const errors = replyErrors(fetcher.data, 'role');
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Modifier le rôle</DialogTitle>
          <DialogDescription>Choisissez le rôle de {user?.email}.</DialogDescription>
        </DialogHeader>
        {user ? (
          <fetcher.Form method="post" className="space-y-4" key={user.id}>
            <input type="hidden" name="intent" value="update-role" />
            <input type="hidden" name="userId" value={user.id} />
            <div className="space-y-2">
              <Label htmlFor="user-role">Rôle</Label>
              <NativeSelect id="user-role" name="role" defaultValue={user.role} aria-invalid={errors ? true : undefined}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </NativeSelect>
              <FieldError errors={errors} />
              {isSelf ? (
                <p className="text-sm text-muted-foreground">
                  Vous ne pouvez pas retirer votre propre rôle d&apos;administrateur.
                </p>
              ) : null}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Annuler
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? 'Enregistrement...' : 'Enregistrer'}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DeleteUserDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  return (
    <AlertDialog open={user !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Supprimer l&apos;utilisateur</AlertDialogTitle>
          <AlertDialogDescription>
            Êtes-vous sûr de vouloir supprimer l&apos;utilisateur {user?.email} ? Cette action est irréversible.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="userId" value={user?.id ?? ''} />
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
