// Invitations (Users → 'Inviter un utilisateur'): with public sign-up off, the way a
// new person gets an account. The admin gives an address and a role; a mail (through
// the outbox) says who invites, to what, with which role and until when, and carries a
// single-use link that expires; the person opens it and chooses a password. Pending
// invitations are listed in Users, to send again (a new link) or revoke.
// Only the token's sha256 is stored: the database (or a backup) never holds a usable link.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashPassword } from './password';
import { ensureProfile, setProfileRole, type Role } from './profiles';
import { config } from '../environment';
import { db } from '../db/client';
import { account, user, userInvitations } from '../db/schema';
import { mailboxAddress, renderInvitationMail } from '../mail/compose';
import { enqueueMail } from '../mail/outbox';
import { NOT_FOUND, refuse, type Refusal } from '../rule-refusal';
import { loadSiteShell } from '../site/shell';

export const INVITATION_VALID_DAYS = 7;
/** base64url of 32 random bytes: what a link's token looks like (checked before any lookup). */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const INVITATION_RULES = {
  existingAccount: 'Un compte existe déjà pour cet email.',
} as const;

/** How an invitation names its sender: their name when they have one of their own, else their address. */
export function inviterName(person: { name: string; email: string }): string {
  const name = person.name.trim();
  const localPart = person.email.split('@')[0] ?? '';
  return name && name !== person.email && name !== localPart ? name : person.email;
}

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
    const [sender] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, invitedBy)).limit(1);
    const { shell } = await loadSiteShell(['fr']);
    const mail = renderInvitationMail({
      url: invitationUrl(token),
      expiresAt,
      role,
      inviter: sender ? { name: inviterName(sender), email: sender.email } : null,
      siteName: shell.name,
      siteUrl: config().PUBLIC_URL,
    });
    await enqueueMail(tx, {
      idempotencyKey: `invitation:${row!.id}`,
      kind: 'account',
      recipients: [mailboxAddress(address) ?? address],
      // An answer reaches the person who invited, not a no-reply address.
      replyTo: sender ? mailboxAddress(sender.email) : null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    });
    return { email: address, expiresAt };
  });
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  expiresAt: Date;
  expired: boolean;
}

/** Invitations not accepted yet (expired ones too, to send again or revoke), oldest first. */
export async function listPendingInvitations(now = new Date()): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: userInvitations.id,
      email: userInvitations.email,
      role: userInvitations.role,
      expiresAt: userInvitations.expiresAt,
      senderName: user.name,
      senderEmail: user.email,
    })
    .from(userInvitations)
    .leftJoin(user, eq(user.id, userInvitations.invitedBy))
    .where(isNull(userInvitations.acceptedAt))
    .orderBy(asc(userInvitations.createdAt));
  return rows.map(({ senderName, senderEmail, ...row }) => ({
    ...row,
    role: row.role as Role,
    invitedBy: senderEmail ? inviterName({ name: senderName ?? '', email: senderEmail }) : null,
    expired: row.expiresAt <= now,
  }));
}

/** Sends a pending invitation again: a new link and a new expiry, the old link no longer works. */
export async function resendInvitation(id: string, invitedBy: string, now = new Date()) {
  const [pending] = await db
    .select({ email: userInvitations.email, role: userInvitations.role })
    .from(userInvitations)
    .where(and(eq(userInvitations.id, id), isNull(userInvitations.acceptedAt)))
    .limit(1);
  if (!pending) return NOT_FOUND;
  return inviteUser(pending.email, pending.role as Role, invitedBy, now);
}

/** Withdraws a pending invitation: its link opens nothing any more. */
export async function revokeInvitation(id: string): Promise<{ email: string } | typeof NOT_FOUND> {
  const [revoked] = await db
    .delete(userInvitations)
    .where(and(eq(userInvitations.id, id), isNull(userInvitations.acceptedAt)))
    .returning({ email: userInvitations.email });
  return revoked ?? NOT_FOUND;
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
export async function acceptInvitation(token: string, password: string, now = new Date()): Promise<{ email: string; role: Role } | null> {
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
    return { email: invitation.email, role: invitation.role as Role };
  });
}
