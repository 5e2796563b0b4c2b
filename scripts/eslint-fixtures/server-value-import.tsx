// A component reaching the database, and a *.server module.
import { db } from '~/.server/db/client';
import { rewriteForDelivery } from '~/page-delivery/render-entry.server';

export const fixture = [db, rewriteForDelivery];
