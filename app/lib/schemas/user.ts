import { z } from '~/lib/zod';
import { mailableEmailAddress } from './common';

export const ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof ROLES)[number];
export const ROLE_LABELS: Record<UserRole, string> = { user: 'Utilisateur', admin: 'Administrateur' };

/** A user's id as better-auth makes it (32 characters): anything far longer is not one, refused before any lookup. */
const userId = z.string({ error: 'Utilisateur manquant' }).trim().min(1, 'Utilisateur manquant').max(100, 'Utilisateur introuvable');

export const UpdateRoleSchema = z.object({
  userId,
  role: z.enum(ROLES, { error: 'Choisissez un rôle : Utilisateur ou Administrateur' }),
});

export const DeleteUserSchema = z.object({
  userId,
});

/** Users → 'Inviter un utilisateur': the address the single-use link is mailed to, and the role it opens. */
export const InviteUserSchema = z.object({
  email: z
    .string({ error: "L'email est obligatoire" })
    .trim()
    .min(1, "L'email est obligatoire")
    .max(254, "L'email est trop long")
    .pipe(mailableEmailAddress('Adresse email invalide')),
  role: z.enum(ROLES, { error: 'Choisissez un rôle : Utilisateur ou Administrateur' }),
});
