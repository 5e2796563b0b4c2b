// 'Configuration du Site' (SPEC §2): general configuration (with hero images),
// contact emails, transport options and distances; the stay terms, the general stay rules
// and what the price includes (issue 45). The cards live in components/admin/config/.
import { useLoaderData } from 'react-router';
import { runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { refuse } from '~/.server/rule-refusal';
import { readLastBackupRun } from '~/.server/backup/backup-runs';
import { addContactEmail, deleteContactEmail, listContactEmails } from '~/.server/content/contact-emails';
import { pool } from '~/.server/db/client';
import { addDistance, deleteDistance, listDistances, saveDistanceName } from '~/.server/content/distances';
import { getEditingLanguage } from '~/.server/languages/editing-language-choice';
import { listEditingLanguages } from '~/.server/languages/site-languages';
import { requireAdmin } from '~/.server/auth/permissions';
import {
  getLegalSettings,
  getMoneyTermsForEditing,
  getOnlineDepositForEditing,
  getSiteConfigForEditing,
  getStayRulesForEditing,
  getStayTermsForEditing,
  getTouristTaxForEditing,
  listMissingLegalNoticeFields,
  loadPriceMentions,
  loadRetentionSettings,
  saveLegalNotice,
  saveMoneyTerms,
  saveRetentionSettings,
  saveOnlineDeposit,
  savePriceMentions,
  saveSiteConfig,
  saveStayTerms,
  saveTouristTaxSettings,
} from '~/.server/content/site-settings';
import { saveGeneralStayRules } from '~/.server/content/stay-rules';
import { stripeConfigured } from '~/.server/payments/stripe-client';
import { readLastPurge } from '~/.server/privacy/nightly-purge';
import { erasePersonData, findPersonData, listRecentErasures, summarisePersonData } from '~/.server/privacy/person-data';
import { ensureTransportOptions, listTransportOptionsForEditing, saveTransportDescription, setTransportEnabled } from '~/.server/content/transport-options';
import { listFieldsToReview } from '~/.server/languages/translation-coverage';
import { BackupCard } from '~/components/admin/config/backup-card';
import { ContactEmailsCard } from '~/components/admin/config/contact-emails-card';
import { DistancesCard } from '~/components/admin/config/distances-card';
import { GeneralCard } from '~/components/admin/config/general-card';
import { LegalNoticeCard } from '~/components/admin/config/legal-card';
import { MoneyTermsCard } from '~/components/admin/config/money-terms-card';
import { OnlineDepositCard } from '~/components/admin/config/online-deposit-card';
import { describeCounts, PersonalDataCard } from '~/components/admin/config/personal-data-card';
import { StayTermsCard } from '~/components/admin/config/stay-terms-card';
import { PriceMentionsCard } from '~/components/admin/config/price-mentions-card';
import { StayRulesCard } from '~/components/admin/config/stay-rules-card';
import { TouristTaxCard } from '~/components/admin/config/tourist-tax-card';
import { TransportCard } from '~/components/admin/config/transport-card';
import { LegalNoticeWarning } from '~/components/admin/legal-notice-warning';
import { useLinkedField } from '~/components/admin/translation-field';
import { adminMeta, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { AddContactEmailSchema, DeleteContactEmailSchema } from '~/lib/schemas/contact-email';
import { AddDistanceSchema, DeleteDistanceSchema, DISTANCE_INVALID, TranslateDistanceNameSchema } from '~/lib/schemas/distance';
import { LegalNoticeSchema } from '~/lib/schemas/legal-notice';
import { SiteConfigSchema } from '~/lib/schemas/site-config';
import { MoneyTermsSchema } from '~/lib/schemas/money-terms';
import { OnlineDepositSchema } from '~/lib/schemas/online-deposit';
import { PersonEmailSchema, RetentionSchema } from '~/lib/schemas/personal-data';
import { StayTermsSchema } from '~/lib/schemas/stay-terms';
import { PriceMentionsSchema, StayRulesSchema } from '~/lib/schemas/stay-rules';
import { createTranslator, resolveCatalog } from '~/lib/i18n';
import { priceMentionText } from '~/lib/price-mentions';
import { TouristTaxSettingsSchema } from '~/lib/schemas/tourist-tax';
import { ToggleTransportSchema, TransportDescriptionSchema } from '~/lib/schemas/transport';
import type { Route } from './+types/config';

const SCREEN = 'admin/config';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = await getEditingLanguage(request);
  try {
    await ensureTransportOptions();
    const [
      config,
      contactEmails,
      transports,
      distances,
      languages,
      lastBackup,
      legal,
      stayTerms,
      touristTax,
      legalMissing,
      stayRules,
      priceMentions,
      moneyTerms,
    ] = await Promise.all([
      getSiteConfigForEditing(language),
      listContactEmails(),
      listTransportOptionsForEditing(language),
      listDistances(),
      listEditingLanguages(),
      readLastBackupRun(pool),
      getLegalSettings(),
      getStayTermsForEditing(language),
      getTouristTaxForEditing(),
      listMissingLegalNoticeFields(),
      getStayRulesForEditing(),
      loadPriceMentions(),
      getMoneyTermsForEditing(),
    ]);
    const languageName = languages.find((l) => l.code === language)?.name ?? language;
    const [retention, lastPurge, erasures] = await Promise.all([loadRetentionSettings(), readLastPurge(), listRecentErasures()]);
    // Offered only when both Stripe keys are set (issue 36).
    const onlineDeposit = stripeConfigured() ? await getOnlineDepositForEditing() : null;
    const review = await listFieldsToReview(
      [
        { owner: 'site_config', entityId: null },
        ...transports.map((t) => ({ owner: 'transport' as const, entityId: t.id })),
        ...distances.map((d) => ({ owner: 'distance' as const, entityId: d.id })),
      ],
      language,
    );
    return {
      ok: true as const,
      language,
      languageName,
      config,
      contactEmails,
      transports,
      distances,
      lastBackup,
      legal,
      stayTerms,
      stayRules,
      priceMentions,
      priceMentionsPreview: priceMentionText(priceMentions, createTranslator('fr', resolveCatalog('fr', 'fr')), 'fr'),
      touristTax,
      moneyTerms,
      onlineDeposit,
      legalMissing,
      review,
      retention,
      lastPurge,
      erasures,
    };
  } catch (error) {
    // The failed-load policy of a list screen, with the spec's own page text for this one.
    console.error(`[${SCREEN}] load failed:`, error);
    return { ok: false as const, loadError: 'Impossible de charger la configuration' };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAdmin(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'save-config':
      return runIntent(formData, {
        screen: SCREEN,
        schema: SiteConfigSchema,
        failure: 'Impossible de sauvegarder la configuration',
        perform: async (value) => {
          const [language, active] = await Promise.all([getEditingLanguage(request), listEditingLanguages()]);
          await saveSiteConfig(value, language, active.find((l) => l.isDefault)?.code ?? 'fr');
        },
        success: 'Configuration sauvegardée avec succès',
      });
    case 'save-stay-terms':
      return runIntent(formData, {
        screen: SCREEN,
        schema: StayTermsSchema,
        failure: 'Impossible de sauvegarder la configuration',
        perform: async (value) => saveStayTerms(value, await getEditingLanguage(request)),
        success: 'Configuration sauvegardée avec succès',
      });
    case 'save-stay-rules':
      return runIntent(formData, {
        screen: SCREEN,
        schema: StayRulesSchema,
        failure: 'Impossible de sauvegarder la configuration',
        perform: (value) => saveGeneralStayRules(value),
        success: 'Règles de séjour enregistrées',
      });
    case 'save-price-mentions':
      return runIntent(formData, {
        screen: SCREEN,
        schema: PriceMentionsSchema,
        failure: 'Impossible de sauvegarder la configuration',
        perform: (value) => savePriceMentions(value),
        success: 'Configuration sauvegardée avec succès',
      });
    case 'save-tourist-tax':
      return runIntent(formData, {
        screen: SCREEN,
        schema: TouristTaxSettingsSchema,
        failure: 'Impossible de sauvegarder la configuration',
        perform: (value) => saveTouristTaxSettings(value),
        success: 'Configuration sauvegardée avec succès',
      });
    case 'save-online-deposit':
      return runIntent(formData, {
        screen: SCREEN,
        schema: OnlineDepositSchema,
        failure: 'Impossible de sauvegarder la configuration',
        perform: async (value) =>
          stripeConfigured() ? saveOnlineDeposit(value) : refuse('Le paiement en ligne demande STRIPE_SECRET_KEY et STRIPE_WEBHOOK_SECRET'),
        success: 'Configuration sauvegardée avec succès',
      });
    case 'save-money-terms':
      return runIntent(formData, {
        screen: SCREEN,
        schema: MoneyTermsSchema,
        failure: 'Impossible de sauvegarder la configuration',
        perform: saveMoneyTerms,
        success: 'Configuration sauvegardée avec succès',
      });
    case 'add-email':
      return runIntent(formData, {
        screen: SCREEN,
        schema: AddContactEmailSchema,
        failure: "Impossible d'ajouter l'email",
        perform: async ({ email }) =>
          (await addContactEmail(email)) || refuse("Impossible d'ajouter l'email", { fieldErrors: { email: ['Cet email est déjà dans la liste'] } }),
        success: 'Email ajouté avec succès',
      });
    case 'delete-email':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeleteContactEmailSchema,
        failure: "Impossible de supprimer l'email",
        perform: ({ id }) => deleteContactEmail(id),
        success: 'Email supprimé avec succès',
      });
    case 'toggle-transport':
      return runIntent(formData, {
        screen: SCREEN,
        schema: ToggleTransportSchema,
        failure: "Impossible de mettre à jour l'option de transport",
        perform: ({ id, enabled }) => setTransportEnabled(id, enabled),
        success: 'Option de transport mise à jour',
      });
    case 'save-transport-description':
      return runIntent(formData, {
        screen: SCREEN,
        schema: TransportDescriptionSchema,
        failure: 'Impossible de sauvegarder la description',
        perform: async ({ id, description }) => saveTransportDescription(id, await getEditingLanguage(request), description),
        success: 'Description sauvegardée',
      });
    case 'add-distance':
      return runIntent(formData, {
        screen: SCREEN,
        schema: AddDistanceSchema,
        invalid: DISTANCE_INVALID,
        failure: "Impossible d'ajouter la distance",
        perform: ({ city, durationMinutes }) => addDistance(city, durationMinutes),
        success: 'Distance ajoutée avec succès',
      });
    case 'save-legal':
      return runIntent(formData, {
        screen: SCREEN,
        schema: LegalNoticeSchema,
        failure: 'Impossible de sauvegarder la configuration',
        perform: (value) => saveLegalNotice(value),
        success: 'Configuration sauvegardée avec succès',
      });
    case 'save-retention':
      return runIntent(formData, {
        screen: SCREEN,
        schema: RetentionSchema,
        failure: 'Impossible de sauvegarder la configuration',
        perform: (value) => saveRetentionSettings(value),
        success: 'Configuration sauvegardée avec succès',
      });
    case 'find-person':
      return runIntent(formData, {
        screen: SCREEN,
        schema: PersonEmailSchema,
        failure: 'Impossible de rechercher les données',
        perform: async ({ email }) => summarisePersonData(await findPersonData(email)),
        success: null,
        answer: (summary) => summary,
      });
    case 'erase-person':
      return runIntent(formData, {
        screen: SCREEN,
        schema: PersonEmailSchema,
        failure: "Impossible d'effacer les données",
        perform: ({ email }) => erasePersonData(email, viewer.email),
        success: ({ email }, counts) => `Données de ${email} effacées : ${describeCounts(counts)}`,
      });
    case 'translate-distance':
      return runIntent(formData, {
        screen: SCREEN,
        schema: TranslateDistanceNameSchema,
        failure: 'Impossible de sauvegarder le nom de la distance',
        perform: async ({ id, language, name }) =>
          (await listEditingLanguages()).some((l) => l.code === language) ? saveDistanceName(id, language, name) : refuse('Langue inconnue'),
        success: 'Nom de la distance sauvegardé',
      });
    case 'delete-distance':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeleteDistanceSchema,
        failure: 'Impossible de supprimer la distance',
        perform: ({ id }) => deleteDistance(id),
        success: 'Distance supprimée avec succès',
      });
    default:
      return unknownIntent(formData);
  }
}

export const meta = () => adminMeta('Configuration du Site');

export default function Config() {
  const loaded = useLoaderData<typeof loader>();
  useLinkedField();
  return (
    <section aria-labelledby="config-title" className="space-y-6">
      <ScreenHeader id="config-title" title="Configuration du Site" description="Informations générales, contacts, accès et images d'accueil" />
      {loaded.ok ? (
        <>
          <LegalNoticeWarning missing={loaded.legalMissing} here />
          <GeneralCard config={loaded.config} language={loaded.language} languageName={loaded.languageName} review={loaded.review} />
          <StayTermsCard key={loaded.language} values={loaded.stayTerms} language={loaded.language} languageName={loaded.languageName} />
          <StayRulesCard values={loaded.stayRules} />
          <PriceMentionsCard values={loaded.priceMentions} preview={loaded.priceMentionsPreview} />
          <TouristTaxCard values={loaded.touristTax} />
          <MoneyTermsCard values={loaded.moneyTerms} />
          {loaded.onlineDeposit ? <OnlineDepositCard values={loaded.onlineDeposit} /> : null}
          <ContactEmailsCard emails={loaded.contactEmails} />
          <TransportCard transports={loaded.transports} languageName={loaded.languageName} review={loaded.review} />
          <DistancesCard distances={loaded.distances} language={loaded.language} languageName={loaded.languageName} review={loaded.review} />
          <LegalNoticeCard values={loaded.legal.notice} site={loaded.legal.site} />
          <PersonalDataCard retention={loaded.retention} lastPurge={loaded.lastPurge} erasures={loaded.erasures} />
          <BackupCard lastBackup={loaded.lastBackup} />
        </>
      ) : (
        <>
          <LoadError message={loaded.loadError} />
          <p className="rounded-md bg-destructive/10 p-4 text-destructive">Erreur lors du chargement de la configuration</p>
        </>
      )}
    </section>
  );
}
