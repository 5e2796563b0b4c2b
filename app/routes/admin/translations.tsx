// 'Traductions' (issue 16): for every language, hidden ones too, the share of the
// site's translatable texts written in it, and each missing or "à revoir" text as a
// link to its editor, tab and field in that language. Read-only: texts are written in
// their editors.
import { Link, useLoaderData } from 'react-router';
import { loadList } from '~/.server/http/admin-screen';
import { requireAdmin } from '~/.server/auth/permissions';
import { listTranslationCoverage, type LanguageCoverage } from '~/.server/languages/translation-coverage';
import { adminMeta, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import type { Route } from './+types/translations';

const SCREEN = 'admin/translations';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadList(SCREEN, 'Impossible de charger les traductions', async () => ({ coverage: await listTranslationCoverage() }), {
    coverage: [],
  });
}

export const meta = () => adminMeta('Traductions');

export default function Translations() {
  const { coverage, loadError } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="translations-title">
      <ScreenHeader
        id="translations-title"
        title="Traductions"
        description="Textes du site traduits dans chaque langue, et ceux qui manquent ou sont à revoir"
      />
      <LoadError message={loadError} />
      <div className="space-y-4">
        {coverage.map((language) => (
          <LanguageCard key={language.code} language={language} />
        ))}
      </div>
    </section>
  );
}

const percentText = (percent: number) => `${percent}\u00a0%`;

function LanguageCard({ language }: { language: LanguageCoverage }) {
  const titleId = `translations-${language.code}`;
  const missing = language.texts.filter((t) => t.state === 'missing').length;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h3 id={titleId}>
            {language.name} ({language.code})
          </h3>
          {language.isSource ? <Badge variant="outline">Langue source</Badge> : null}
          {language.isActive ? <Badge>Publiée</Badge> : <Badge variant="secondary">Masquée</Badge>}
        </CardTitle>
        <CardDescription>
          {language.isSource
            ? 'Les autres langues sont traduites depuis le français.'
            : `${language.filled} texte${language.filled > 1 ? 's' : ''} sur ${language.total} traduit${language.filled > 1 ? 's' : ''}`}
          {language.review > 0 ? ` · ${language.review} à revoir` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-3">
          <progress
            className="h-2 w-full max-w-md overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
            max={100}
            value={language.percent}
            aria-labelledby={titleId}
          />
          <span className="text-lg font-semibold tabular-nums">{percentText(language.percent)}</span>
        </div>
        {language.texts.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {language.total === 0 ? 'Aucun texte à traduire pour le moment.' : 'Tous les textes sont traduits et à jour.'}
          </p>
        ) : (
          <div className="space-y-2">
            <h4 className="text-sm font-medium">
              {missing > 0 ? `${missing} texte${missing > 1 ? 's' : ''} manquant${missing > 1 ? 's' : ''}` : 'Textes à revoir'}
            </h4>
            <ul className="divide-y rounded-md border" aria-label={`Textes à traduire en ${language.name}`}>
              {language.texts.map((text) => (
                <li key={text.key} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                  <Link to={text.href} className="min-h-6 text-primary underline-offset-4 hover:underline">
                    {text.label}
                  </Link>
                  {text.state === 'review' ? (
                    <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
                      à revoir
                    </Badge>
                  ) : (
                    <Badge variant="secondary">manquant</Badge>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
