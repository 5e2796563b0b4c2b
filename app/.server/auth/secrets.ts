// Secrets generated once and stored in the database, so that every app instance
// on the same database signs and verifies sessions (and push messages) with the same key.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { db } from '../db/client';
import { appSecrets } from '../db/schema';

/** The secret `name`; the first caller on an empty database stores what `generate` makes (32 random bytes by default). */
export async function getOrCreateSecret(name: string, generate: () => string = () => randomBytes(32).toString('base64url')): Promise<string> {
  await db.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
