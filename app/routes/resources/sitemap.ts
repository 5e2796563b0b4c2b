import { listActiveLanguages } from '~/.server/languages/site-languages';
import { publicAccess } from '~/.server/auth/permissions';
import { listRoomIds } from '~/.server/content/rooms';
import { pageUrl } from '~/.server/site/seo-links';
import type { Route } from './+types/sitemap';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

/** The same for every visitor: kept, with its own Cache-Control. */
export const handle = { delivery: { kind: 'file' } } satisfies DeliveryHandle;

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Every public page in every active language, each entry listing its alternates. */
export async function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  const [languages, rooms] = await Promise.all([listActiveLanguages(), listRoomIds()]);
  const paths = ['/', '/livre-dor', '/mentions-legales', ...rooms.map((r) => `/room/${r.id}`)];
  const entries = paths.flatMap((path) => {
    const alternates = [
      ...languages.map((l) => `    <xhtml:link rel="alternate" hreflang="${l.code}" href="${escapeXml(pageUrl(path, l.code))}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(path))}"/>`,
    ].join('\n');
    return languages.map((l) => `  <url>\n    <loc>${escapeXml(pageUrl(path, l.code))}</loc>\n${alternates}\n  </url>`);
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
