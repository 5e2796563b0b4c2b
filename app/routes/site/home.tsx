import { useLoaderData } from 'react-router';
import { listActiveLanguages, resolveRequestLanguage } from '~/.server/languages';
import { publicAccess } from '~/.server/permissions';
import { getSiteTexts } from '~/.server/site-config';
import { languageChain } from '~/lib/i18n';
import type { Route } from './+types/home';

export async function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  const { language, defaultLanguage } = resolveRequestLanguage(request, await listActiveLanguages());
  const site = await getSiteTexts(languageChain(language, defaultLanguage));
  return { site };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.site.name ?? '' }, { name: 'description', content: data?.site.tagline ?? '' }];
}

export default function Home() {
  const { site } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-4xl p-8">
      <h1 className="font-serif text-4xl">{site.name}</h1>
      <p className="text-lg text-muted-foreground">{site.tagline}</p>
    </main>
  );
}
