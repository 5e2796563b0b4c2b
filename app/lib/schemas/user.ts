import { z } from '~/lib/zod';
import { ownerTypedEmail } from './common';

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
  email: ownerTypedEmail(),
  role: z.enum(ROLES, { error: 'Choisissez un rôle : Utilisateur ou Administrateur' }),
});

/** What each role may do, in one line: said beside the role pickers. */
export const ROLE_DESCRIPTIONS: Record<UserRole, string> = {
  admin: 'Gère tout le site : chambres, réservations, textes, configuration et utilisateurs.',
  user: 'Un compte sans accès à l’administration : il ne peut que se connecter.',
};

/** Users → a pending invitation's 'Renvoyer' and 'Révoquer'. */
export const InvitationIdSchema = z.object({
  id: z.uuid({ error: 'Invitation introuvable' }),
});
