// The 'Rôle' select of the users screen's dialogs (invitation, role change).
import { getSelectProps, type FieldMetadata } from '@conform-to/react';
import { SelectField } from '~/components/forms';
import { ROLE_LABELS, ROLES, type UserRole } from '~/lib/schemas/user';

export function RoleSelectField({ field, hint }: { field: FieldMetadata<UserRole>; hint?: string }) {
  return (
    <SelectField label="Rôle" selectProps={getSelectProps(field)} errors={field.errors} hint={hint}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </SelectField>
  );
}
