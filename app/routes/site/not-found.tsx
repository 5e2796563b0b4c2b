import { useTranslation } from '~/lib/i18n-react';
import { data, useLoaderData } from 'react-router';
import { getRequestLanguage } from '~/.server/languages/request-language';
import { publicAccess } from '~/.server/auth/permissions';
import { loadSiteShell } from '~/.server/site/shell';
import { SiteLayout } from '~/components/site/shell/site-layout';
import type { Route } from './+types/not-found';
import { siteLink } from '~/page-delivery/site-link';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

/** A 404 is never kept (any made-up URL would take a slot), but it is a public page like the others. */
export const handle = { delivery: { kind: 'document', page: 'public' } } satisfies DeliveryHandle;

export async function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  const { chain, t } = await getRequestLanguage(request);
  const { shell } = await loadSiteShell(chain);
  return data({ shell, title: `${t('meta.notFoundTitle')} – ${shell.name}` }, { status: 404 });
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title ?? '404' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  const { t } = useTranslation();
  const { shell } = useLoaderData<typeof loader>();
  return (
    <SiteLayout shell={shell}>
      <div className="flex flex-col items-center justify-center gap-4 px-4 py-24 text-center">
        <h1 className="text-4xl font-bold">404</h1>
        <p className="text-xl text-muted-foreground">{t('notFound.title')}</p>
        <a {...siteLink('/')} className="text-primary underline underline-offset-4">
          {t('notFound.home')}
        </a>
      </div>
    </SiteLayout>
  );
}
