// Secrets generated once and stored in the database, so that every app instance
// on the same database signs and verifies sessions with the same key.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { db } from '../db/client';
import { appSecrets } from '../db/schema';

export async function getOrCreateSecret(name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
