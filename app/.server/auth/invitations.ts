// Invitations (Users → 'Inviter un utilisateur'): with public sign-up off, the way a
// new person gets an account. The admin gives an address; a mail (through the outbox)
// carries a single-use link that expires; the person opens it and chooses a password.
// Only the token's sha256 is stored: the database (or a backup) never holds a usable link.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashPassword } from './password';
import { ensureProfile, setProfileRole, type Role } from './profiles';
import { config } from '../environment';
import { db } from '../db/client';
import { account, user, userInvitations } from '../db/schema';
import { mailboxAddress, renderInvitationMail } from '../mail/compose';
import { enqueueMail } from '../mail/outbox';
import { refuse, type Refusal } from '../rule-refusal';

export const INVITATION_VALID_DAYS = 7;
/** base64url of 32 random bytes: what a link's token looks like (checked before any lookup). */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const INVITATION_RULES = {
  existingAccount: 'Un compte existe déjà pour cet email.',
} as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const invitationUrl = (token: string) => `${config().PUBLIC_URL.replace(/\/+$/, '')}/auth?invitation=${token}`;

/**
 * Invites `email` with `role`: replaces any pending invitation to that address and
 * queues the mail in the same transaction (no invitation without its mail).
 */
export async function inviteUser(email: string, role: Role, invitedBy: string, now = new Date()): Promise<{ email: string; expiresAt: Date } | Refusal> {
  const address = email.trim().toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * 24 * 3600 * 1000);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, address))
      .limit(1);
    if (existing) return refuse(INVITATION_RULES.existingAccount, { fieldErrors: { email: [INVITATION_RULES.existingAccount] } });
    await tx.delete(userInvitations).where(and(eq(userInvitations.email, address), isNull(userInvitations.acceptedAt)));
    const [row] = await tx
      .insert(userInvitations)
      .values({
        email: address,
        role,
        tokenHash: hashToken(token),
        invitedBy,
        expiresAt,
      })
      .returning({ id: userInvitations.id });
    const mail = renderInvitationMail(invitationUrl(token), expiresAt);
    await enqueueMail(tx, {
      idempotencyKey: `invitation:${row!.id}`,
      kind: 'account',
      recipients: [mailboxAddress(address) ?? address],
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    });
    return { email: address, expiresAt };
  });
}

const usable = (token: string, now: Date) =>
  and(eq(userInvitations.tokenHash, hashToken(token)), isNull(userInvitations.acceptedAt), gt(userInvitations.expiresAt, now));

/** The invitation a link opens, or null when unknown, used or expired. */
export async function readInvitation(token: string, now = new Date()): Promise<{ email: string } | null> {
  if (!INVITATION_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db.select({ email: userInvitations.email }).from(userInvitations).where(usable(token, now)).limit(1);
  return row ?? null;
}

/**
 * Opens the account: marks the invitation used and creates the user, its password and
 * its profile in one transaction. Null when the link is unknown, used or expired, or
 * when an account for the address appeared in the meantime.
 */
export async function acceptInvitation(token: string, password: string, now = new Date()): Promise<{ email: string } | null> {
  if (!INVITATION_TOKEN_PATTERN.test(token)) return null;
  // Hashed before the transaction: argon2id takes a while and holds no lock.
  const hashed = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(userInvitations)
      .set({ acceptedAt: now })
      .where(usable(token, now))
      .returning({ email: userInvitations.email, role: userInvitations.role });
    if (!invitation) return null;
    const [existing] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, invitation.email))
      .limit(1);
    if (existing) return null;
    const id = randomUUID();
    await tx.insert(user).values({
      id,
      email: invitation.email,
      name: invitation.email.split('@')[0] ?? invitation.email,
      emailVerified: true,
    });
    await tx.insert(account).values({
      id: randomUUID(),
      userId: id,
      providerId: 'credential',
      accountId: id,
      password: hashed,
    });
    await ensureProfile(id, invitation.email, tx);
    if (invitation.role === 'admin') await setProfileRole(id, 'admin', tx);
    return { email: invitation.email };
  });
}
