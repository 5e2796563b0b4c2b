// React Router's default browser entry, but the page's built-in texts are a file of
// their own (app/lib/page-catalog.ts): React hydrates once it has them. If they cannot
// be fetched, the page stays as the server drew it, links and forms working as plain HTML.
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadCatalog } from '~/lib/page-catalog';

const catalog = document.documentElement.dataset.catalog;

void (catalog ? loadCatalog(catalog) : Promise.resolve()).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
