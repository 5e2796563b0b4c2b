// The 'Modifier le rôle' dialog of the users screen.
import { getFormProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { DialogFormFooter } from '~/components/admin/dialog-form-footer';
import { ErrorList } from '~/components/forms';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { UpdateRoleSchema, type UserRole } from '~/lib/schemas/user';
import { RoleSelectField } from './role-select-field';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';

export interface UserRow {
  id: string;
  email: string;
  role: UserRole;
  createdAt: Date | string;
}

export function RoleDialog({ user, isSelf, onClose }: { user: UserRow | null; isSelf: boolean; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Modifier le rôle</DialogTitle>
          <DialogDescription>Choisissez le rôle de {user?.email}.</DialogDescription>
        </DialogHeader>
        {user ? <RoleForm key={user.id} user={user} isSelf={isSelf} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RoleForm({ user, isSelf, onClose }: { user: UserRow; isSelf: boolean; onClose: () => void }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `role-${user.id}`,
    schema: UpdateRoleSchema,
    reply: fetcher.data,
    defaultValue: { userId: user.id, role: user.role },
  });
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="update-role" />
      <input type="hidden" name="userId" value={user.id} />
      <RoleSelectField field={fields.role} hint={isSelf ? "Vous ne pouvez pas retirer votre propre rôle d'administrateur." : undefined} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <DialogFormFooter onCancel={onClose} busy={busy} />
    </fetcher.Form>
  );
}
