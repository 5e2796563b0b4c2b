import { z } from '~/lib/zod';

export const ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof ROLES)[number];
export const ROLE_LABELS: Record<UserRole, string> = { user: 'Utilisateur', admin: 'Administrateur' };

export const UpdateRoleSchema = z.object({
  userId: z.string({ error: 'Utilisateur manquant' }).trim().min(1, 'Utilisateur manquant'),
  role: z.enum(ROLES, { error: 'Choisissez un rôle : Utilisateur ou Administrateur' }),
});

export const DeleteUserSchema = z.object({
  userId: z.string({ error: 'Utilisateur manquant' }).trim().min(1, 'Utilisateur manquant'),
});
