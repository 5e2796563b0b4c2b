import { data, Link } from 'react-router';
import { useTranslation } from '~/lib/i18n-react';
import { publicAccess } from '~/.server/permissions';
import type { Route } from './+types/not-found';

export function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: '404' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted p-8 text-center">
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">{t('notFound.title')}</p>
      <Link to="/" className="text-primary underline underline-offset-4">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
