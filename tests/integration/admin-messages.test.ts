// The enquiry inbox route: admins only, list with delivery state, read/unread,
// delete (cancelling an unsent notification), retry of a failed mail.
// One database pass: its subject is the inbox screen's loader and actions; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { countUnreadContactMessages, submitContactMessage } from '~/.server/content/contact-messages';
import { db } from '~/.server/db/client';
import { contactMessages, mailOutbox, siteConfig } from '~/.server/db/schema';
import { action, loader } from '~/routes/admin/messages';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';

const visitor = (name: string) => ({ name, email: 'visitor@example.org', phone: '0612345678', dates: 'juillet', guests: 2, message: `Bonjour de ${name}` });

function toastOf(headers: Headers) {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='));
  return cookie ? JSON.parse(Buffer.from(cookie.slice(6).split(';')[0]!, 'base64url').toString('utf8')) : null;
}

let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeEach(async () => {
  await db.delete(mailOutbox);
  await db.delete(contactMessages);
  await db.delete(siteConfig);
  await db.insert(siteConfig).values({ contactEmail: 'owner@example.com' });
  admin ??= await signedInAs('admin');
});

describe('/admin/messages', () => {
  it('is for admins only, in the loader and in the action', async () => {
    const anonymous = await run(loader, getRequest('/admin/messages'));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/auth');
    const user = await signedInAs('user');
    // Signed in without the role: the page itself, 403, saying who they are (decision 0026).
    expect(await run(loader, getRequest('/admin/messages', user.cookie))).toMatchObject({ status: 403, data: { noAccess: { email: user.email } } });

    const { id } = await submitContactMessage(visitor('Alice'), 'fr');
    const asAnonymous = await run(action, formRequest('/admin/messages', { intent: 'delete', id }));
    expect(asAnonymous.status).toBe(401);
    const asUser = await run(action, formRequest('/admin/messages', { intent: 'delete', id }, user.cookie));
    expect(asUser.status).toBe(403);
    expect(await db.select().from(contactMessages)).toHaveLength(1);
  });

  it('lists messages newest first with their delivery state', async () => {
    await submitContactMessage(visitor('Premier'), 'fr');
    await new Promise((r) => setTimeout(r, 5));
    const { id: second } = await submitContactMessage(visitor('Second'), 'fr');
    await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.contactMessageId, second));

    const result = await run(loader, getRequest('/admin/messages', admin.cookie));
    expect(result.status).toBe(200);
    expect(result.data.total).toBe(2);
    expect(result.data.unread).toBe(2);
    expect(result.data.messages.map((m: { name: string }) => m.name)).toEqual(['Second', 'Premier']);
    expect(result.data.messages[0]).toMatchObject({ email: 'visitor@example.org', phone: '0612345678', dates: 'juillet', guests: 2, readAt: null });
    expect(result.data.messages[0].mail.state).toBe('sent');
    expect(result.data.messages[1].mail.state).toBe('pending');
  });

  it('marks a message read and unread, with toasts', async () => {
    const { id } = await submitContactMessage(visitor('Alice'), 'fr');
    const read = await run(action, formRequest('/admin/messages', { intent: 'mark-read', id }, admin.cookie));
    expect(read.status).toBe(200);
    expect(toastOf(read.headers)).toMatchObject({ type: 'success', title: 'Succès', description: 'Message marqué comme lu' });
    expect(await countUnreadContactMessages()).toBe(0);

    const unread = await run(action, formRequest('/admin/messages', { intent: 'mark-unread', id }, admin.cookie));
    expect(toastOf(unread.headers)).toMatchObject({ description: 'Message marqué comme non lu' });
    expect(await countUnreadContactMessages()).toBe(1);
  });

  it('deletes a message and cancels its unsent notification', async () => {
    const { id } = await submitContactMessage(visitor('Spam'), 'fr');
    const result = await run(action, formRequest('/admin/messages', { intent: 'delete', id }, admin.cookie));
    expect(result.status).toBe(200);
    expect(toastOf(result.headers)).toMatchObject({ description: 'Message supprimé avec succès' });
    expect(await db.select().from(contactMessages)).toHaveLength(0);
    expect(await db.select().from(mailOutbox)).toHaveLength(0);

    const again = await run(action, formRequest('/admin/messages', { intent: 'delete', id }, admin.cookie));
    expect(again.status).toBe(404);
    expect(toastOf(again.headers)).toMatchObject({ type: 'error', title: 'Erreur', description: 'Impossible de supprimer le message' });
  });

  it('keeps the record of a sent notification when its message is deleted', async () => {
    const { id } = await submitContactMessage(visitor('Alice'), 'fr');
    await db.update(mailOutbox).set({ sentAt: new Date() });
    await run(action, formRequest('/admin/messages', { intent: 'delete', id }, admin.cookie));
    const [mail] = await db.select().from(mailOutbox);
    expect(mail?.contactMessageId).toBeNull();
  });

  it('retries a failed mail only', async () => {
    const { id } = await submitContactMessage(visitor('Alice'), 'fr');
    const refused = await run(action, formRequest('/admin/messages', { intent: 'retry', id }, admin.cookie));
    expect(refused.status).toBe(409);

    await db.update(mailOutbox).set({ attempts: 10, failedAt: new Date(), lastError: '550 mailbox unavailable' });
    const listed = await run(loader, getRequest('/admin/messages', admin.cookie));
    expect(listed.data.messages[0].mail).toMatchObject({ state: 'failed', lastError: '550 mailbox unavailable', attempts: 10 });

    const retried = await run(action, formRequest('/admin/messages', { intent: 'retry', id }, admin.cookie));
    expect(retried.status).toBe(200);
    expect(toastOf(retried.headers)).toMatchObject({ description: "Nouvel envoi de l'e-mail programmé" });
    const [mail] = await db.select().from(mailOutbox);
    expect(mail).toMatchObject({ failedAt: null, attempts: 0, lastError: '550 mailbox unavailable', sentAt: null });
    expect(mail!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('answers invalid input and unknown intents with 400', async () => {
    const bad = await run(action, formRequest('/admin/messages', { intent: 'mark-read', id: 'not-a-uuid' }, admin.cookie));
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.id).toEqual(['Message inconnu']);
    const unknown = await run(action, formRequest('/admin/messages', { intent: 'explode', id: crypto.randomUUID() }, admin.cookie));
    expect(unknown.status).toBe(400);
    const missing = await run(action, formRequest('/admin/messages', {}, admin.cookie));
    expect(missing.status).toBe(400);
  });

  it('shows an empty inbox', async () => {
    const result = await run(loader, getRequest('/admin/messages', admin.cookie));
    expect(result.data).toMatchObject({ messages: [], total: 0, unread: 0, page: 1, pageCount: 1 });
  });
});
