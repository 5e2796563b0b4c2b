// POST /admin/personal-data (intent export-person): one person's data as a file, JSON or
// CSV, for their access or portability request (Configuration → Données personnelles).
// A POST, so that the address never sits in a URL (history, a proxy's log).
import { runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { requireAdmin } from '~/.server/auth/permissions';
import { findPersonData, personDataCsv, personDataJson } from '~/.server/privacy/person-data';
import { ExportPersonSchema } from '~/lib/schemas/personal-data';
import type { Route } from './+types/personal-data';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'personal' } } satisfies DeliveryHandle;

/** A file name made of the address's safe characters: `donnees-jeanne-example-com.json`. */
const fileName = (email: string, format: 'json' | 'csv') => `donnees-${email.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.${format}`;

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'export-person':
      return runIntent(formData, {
        screen: 'admin/personal-data',
        schema: ExportPersonSchema,
        failure: "Impossible d'exporter les données",
        perform: ({ email }) => findPersonData(email),
        success: ({ format }, data) =>
          new Response(format === 'json' ? personDataJson(data) : personDataCsv(data), {
            headers: {
              'Content-Type': format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
              'Content-Disposition': `attachment; filename="${fileName(data.email, format)}"`,
              'Cache-Control': 'private, no-store',
            },
          }),
      });
    default:
      return unknownIntent(formData);
  }
}
