import { parseWithZod } from '@conform-to/zod/v4';
import { MinusIcon, PlusIcon, SaveIcon, Trash2Icon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { data, useFetcher, useLoaderData } from 'react-router';
import { readLastBackupRun } from '~/.server/backup/backup-runs';
import { addContactEmail, deleteContactEmail, listContactEmails } from '~/.server/contact-emails';
import { pool } from '~/.server/db/client';
import { addDistance, deleteDistance, listDistances } from '~/.server/distances';
import { getEditingLanguage } from '~/.server/editing-language';
import { listActiveLanguages } from '~/.server/languages';
import { requireAdmin } from '~/.server/permissions';
import { getSiteConfigForEditing, saveSiteConfig } from '~/.server/site-config';
import { toastError, toastSuccess } from '~/.server/toast';
import {
  ensureTransportOptions,
  listTransportOptionsForEditing,
  saveTransportDescription,
  setTransportEnabled,
} from '~/.server/transport';
import { BackupCard } from '~/components/admin/config/backup-card';
import { ImageUploader } from '~/components/admin/image-uploader';
import { RichTextEditor } from '~/components/admin/rich-text-editor';
import {
  EmptyState,
  FieldError,
  replyErrors,
  ScreenHeader,
  useFetcherSuccess,
  useLoadErrorToast,
} from '~/components/admin/screen-kit';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Checkbox } from '~/components/ui/checkbox';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { AddContactEmailSchema, DeleteContactEmailSchema } from '~/lib/schemas/contact-email';
import { AddDistanceSchema, DeleteDistanceSchema, DISTANCE_INVALID } from '~/lib/schemas/distance';
import { SiteConfigSchema } from '~/lib/schemas/site-config';
import { ToggleTransportSchema, TRANSPORT_LABELS, TransportDescriptionSchema } from '~/lib/schemas/transport';
import type { Route } from './+types/config';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = await getEditingLanguage(request);
  try {
    await ensureTransportOptions();
    const [config, contactEmails, transports, distances, languages, lastBackup] = await Promise.all([
      getSiteConfigForEditing(language),
      listContactEmails(),
      listTransportOptionsForEditing(language),
      listDistances(),
      listActiveLanguages(),
      readLastBackupRun(pool),
    ]);
    const languageName = languages.find((l) => l.code === language)?.name ?? language;
    return { ok: true as const, language, languageName, config, contactEmails, transports, distances, lastBackup };
  } catch (error) {
    console.error('loading the site configuration failed:', error);
    return { ok: false as const, loadError: 'Impossible de charger la configuration' };
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get('intent');
  const invalid = (result: unknown) => data({ ok: false, intent, result }, { status: 400 });
  const failed = (message: string, error: unknown) => {
    console.error(`config action ${String(intent)} failed:`, error);
    return toastError(message, { ok: false, intent }, { status: 500 });
  };
  switch (intent) {
    case 'save-config': {
      const submission = parseWithZod(formData, { schema: SiteConfigSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      try {
        const [language, active] = await Promise.all([getEditingLanguage(request), listActiveLanguages()]);
        const defaultLanguage = active.find((l) => l.isDefault)?.code ?? 'fr';
        await saveSiteConfig(submission.value, language, defaultLanguage);
      } catch (error) {
        return failed('Impossible de sauvegarder la configuration', error);
      }
      return toastSuccess('Configuration sauvegardée avec succès', { ok: true, intent });
    }
    case 'add-email': {
      const submission = parseWithZod(formData, { schema: AddContactEmailSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      try {
        if (!(await addContactEmail(submission.value.email))) {
          const message = 'Cet email est déjà dans la liste';
          return toastError("Impossible d'ajouter l'email", {
            ok: false,
            intent,
            result: submission.reply({ fieldErrors: { email: [message] } }),
          });
        }
      } catch (error) {
        return failed("Impossible d'ajouter l'email", error);
      }
      return toastSuccess('Email ajouté avec succès', { ok: true, intent });
    }
    case 'delete-email': {
      const submission = parseWithZod(formData, { schema: DeleteContactEmailSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      try {
        if (!(await deleteContactEmail(submission.value.id))) {
          return toastError("Impossible de supprimer l'email", { ok: false, intent }, { status: 404 });
        }
      } catch (error) {
        return failed("Impossible de supprimer l'email", error);
      }
      return toastSuccess('Email supprimé avec succès', { ok: true, intent });
    }
    case 'toggle-transport': {
      const submission = parseWithZod(formData, { schema: ToggleTransportSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      try {
        if (!(await setTransportEnabled(submission.value.id, submission.value.enabled))) {
          return toastError("Impossible de mettre à jour l'option de transport", { ok: false, intent }, { status: 404 });
        }
      } catch (error) {
        return failed("Impossible de mettre à jour l'option de transport", error);
      }
      return toastSuccess('Option de transport mise à jour', { ok: true, intent });
    }
    case 'save-transport-description': {
      const submission = parseWithZod(formData, { schema: TransportDescriptionSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      try {
        const language = await getEditingLanguage(request);
        if (!(await saveTransportDescription(submission.value.id, language, submission.value.description))) {
          return toastError('Impossible de sauvegarder la description', { ok: false, intent }, { status: 404 });
        }
      } catch (error) {
        return failed('Impossible de sauvegarder la description', error);
      }
      return toastSuccess('Description sauvegardée', { ok: true, intent });
    }
    case 'add-distance': {
      const submission = parseWithZod(formData, { schema: AddDistanceSchema });
      if (submission.status !== 'success') {
        return toastError(DISTANCE_INVALID, { ok: false, intent, result: submission.reply() });
      }
      try {
        await addDistance(submission.value.city, submission.value.durationMinutes);
      } catch (error) {
        return failed("Impossible d'ajouter la distance", error);
      }
      return toastSuccess('Distance ajoutée avec succès', { ok: true, intent });
    }
    case 'delete-distance': {
      const submission = parseWithZod(formData, { schema: DeleteDistanceSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      try {
        if (!(await deleteDistance(submission.value.id))) {
          return toastError('Impossible de supprimer la distance', { ok: false, intent }, { status: 404 });
        }
      } catch (error) {
        return failed('Impossible de supprimer la distance', error);
      }
      return toastSuccess('Distance supprimée avec succès', { ok: true, intent });
    }
    default:
      return data({ ok: false, intent, error: 'Action inconnue' }, { status: 400 });
  }
}

export function meta() {
  return [{ title: 'Configuration du Site · Administration' }, { name: 'robots', content: 'noindex' }];
}

type LoaderData = Extract<Awaited<ReturnType<typeof loader>>, { ok: true }>;

export default function Config() {
  const loaded = useLoaderData<typeof loader>();
  useLoadErrorToast(loaded.ok ? null : loaded.loadError);

  return (
    <section aria-labelledby="config-title" className="space-y-6">
      <ScreenHeader
        id="config-title"
        title="Configuration du Site"
        description="Informations générales, contacts, accès et images d'accueil"
      />
      {loaded.ok ? (
        <>
          <GeneralCard data={loaded} />
          <ContactEmailsCard emails={loaded.contactEmails} />
          <TransportCard transports={loaded.transports} languageName={loaded.languageName} />
          <DistancesCard distances={loaded.distances} />
          <BackupCard lastBackup={loaded.lastBackup} />
        </>
      ) : (
        <p role="alert" className="rounded-md bg-destructive/10 p-4 text-destructive">
          Erreur lors du chargement de la configuration
        </p>
      )}
    </section>
  );
}

/* ───────────── General ───────────── */

const LINKS = [
  { name: 'instagramLink', label: 'Lien Instagram', placeholder: 'https://instagram.com/…' },
  { name: 'bookingLink', label: 'Lien Booking', placeholder: 'https://booking.com/…' },
  { name: 'airbnbLink', label: 'Lien Airbnb', placeholder: 'https://airbnb.fr/…' },
  { name: 'tripadvisorLink', label: 'Lien TripAdvisor', placeholder: 'https://tripadvisor.fr/…' },
] as const;

function GeneralCard({ data: loaded }: { data: LoaderData }) {
  const { config } = loaded;
  const fetcher = useFetcher<typeof action>();
  const saving = fetcher.state !== 'idle';
  const errors = (field: string) => replyErrors(fetcher.data, field);
  const nextKey = useRef(config.phones.length + 1);
  const [phones, setPhones] = useState(() =>
    (config.phones.length ? config.phones : ['']).map((value, index) => ({ key: index, value })),
  );
  const invalidProps = (name: string) => ({
    id: `config-${name}`,
    name,
    'aria-invalid': errors(name) ? true : undefined,
    'aria-describedby': errors(name) ? `config-${name}-error` : undefined,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Configuration générale</h3>
        </CardTitle>
        <CardDescription>
          Nom, slogan et modalités sont enregistrés dans la langue d&apos;édition : {loaded.languageName} ({loaded.language})
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <fetcher.Form method="post" className="space-y-4" key={loaded.language}>
          <input type="hidden" name="intent" value="save-config" />
          <div className="grid gap-4 md:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="config-name">Nom du site</Label>
              <Input {...invalidProps('name')} defaultValue={config.name} maxLength={200} />
              <FieldError id="config-name-error" errors={errors('name')} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="config-tagline">Slogan</Label>
              <Input {...invalidProps('tagline')} defaultValue={config.tagline} maxLength={300} />
              <FieldError id="config-tagline-error" errors={errors('tagline')} />
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor="config-contactEmail">Email de contact principal</Label>
            <Input {...invalidProps('contactEmail')} type="email" defaultValue={config.contactEmail} maxLength={254} />
            <FieldError id="config-contactEmail-error" errors={errors('contactEmail')} />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Téléphones</legend>
            {phones.map((phone, index) => (
              <div key={phone.key} className="flex items-center gap-2">
                <Label htmlFor={`config-phone-${phone.key}`} className="sr-only">
                  Téléphone {index + 1}
                </Label>
                <Input
                  id={`config-phone-${phone.key}`}
                  name={`phones[${index}]`}
                  type="tel"
                  defaultValue={phone.value}
                  maxLength={40}
                  placeholder="+33 6 12 34 56 78"
                  aria-invalid={errors(`phones[${index}]`) ? true : undefined}
                />
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`Retirer le téléphone ${index + 1}`}
                  disabled={phones.length === 1}
                  onClick={() => setPhones((rows) => rows.filter((row) => row.key !== phone.key))}
                >
                  <MinusIcon aria-hidden="true" />
                </Button>
              </div>
            ))}
            <FieldError errors={errors('phones') ?? phones.map((_, i) => errors(`phones[${i}]`)).find(Boolean)} />
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setPhones((rows) => [...rows, { key: nextKey.current++, value: '' }])}
            >
              <PlusIcon aria-hidden="true" />
              Ajouter un téléphone
            </Button>
          </fieldset>
          <div className="space-y-2">
            <Label htmlFor="config-address">Adresse</Label>
            <Textarea {...invalidProps('address')} defaultValue={config.address} rows={3} maxLength={500} />
            <FieldError id="config-address-error" errors={errors('address')} />
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            {LINKS.map((link) => (
              <div key={link.name} className="space-y-2">
                <Label htmlFor={`config-${link.name}`}>{link.label}</Label>
                <Input
                  {...invalidProps(link.name)}
                  type="url"
                  defaultValue={config[link.name]}
                  placeholder={link.placeholder}
                  maxLength={500}
                />
                <FieldError id={`config-${link.name}-error`} errors={errors(link.name)} />
              </div>
            ))}
          </div>
          <div className="space-y-2">
            <p id="config-modalites-label" className="text-sm font-medium">
              Modalités
            </p>
            <RichTextEditor
              name="modalites"
              labelId="config-modalites-label"
              defaultValue={config.modalites}
              invalid={errors('modalites') ? true : undefined}
              errorId={errors('modalites') ? 'config-modalites-error' : undefined}
            />
            <FieldError id="config-modalites-error" errors={errors('modalites')} />
          </div>
          <Button type="submit" disabled={saving}>
            <SaveIcon aria-hidden="true" />
            {saving ? 'Sauvegarde...' : 'Sauvegarder'}
          </Button>
        </fetcher.Form>

        <div className="space-y-2 border-t pt-6">
          <h4 className="text-sm font-medium">Images d&apos;accueil</h4>
          {config.exists ? (
            <ImageUploader target={{ kind: 'hero' }} images={config.heroImages} />
          ) : (
            <p className="text-sm text-muted-foreground">
              Veuillez d&apos;abord sauvegarder la configuration pour pouvoir ajouter des images d&apos;accueil.
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/* ───────────── Contact emails ───────────── */

function ContactEmailsCard({ emails }: { emails: LoaderData['contactEmails'] }) {
  const addFetcher = useFetcher<typeof action>();
  const deleteFetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  useFetcherSuccess(addFetcher, () => formRef.current?.reset());
  const errors = replyErrors(addFetcher.data, 'email');
  const deletingId = deleteFetcher.state !== 'idle' ? deleteFetcher.formData?.get('id') : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Emails de contact</h3>
        </CardTitle>
        <CardDescription>Adresses qui reçoivent les messages du formulaire de contact</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <addFetcher.Form
          ref={formRef}
          method="post"
          className="flex flex-col gap-2 sm:flex-row sm:items-start"
          onSubmit={(event) => {
            // SPEC §5: an empty address is silently ignored.
            const email = new FormData(event.currentTarget).get('email');
            if (typeof email !== 'string' || email.trim() === '') event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="add-email" />
          <div className="flex-1 space-y-1">
            <Label htmlFor="contact-email-new" className="sr-only">
              Nouvel email de contact
            </Label>
            <Input
              id="contact-email-new"
              name="email"
              type="email"
              placeholder="contact@exemple.fr"
              maxLength={254}
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? 'contact-email-new-error' : undefined}
            />
            <FieldError id="contact-email-new-error" errors={errors} />
          </div>
          <Button type="submit" disabled={addFetcher.state !== 'idle'}>
            <PlusIcon aria-hidden="true" />
            Ajouter
          </Button>
        </addFetcher.Form>
        {emails.length === 0 ? (
          <EmptyState className="py-2 text-left">Aucun email de contact pour le moment</EmptyState>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Emails de contact">
            {emails.map((email) => (
              <li key={email.id} className="flex items-center justify-between gap-2 px-3 py-2">
                <span className="break-all">{email.email}</span>
                <DeleteRowButton
                  fetcher={deleteFetcher}
                  intent="delete-email"
                  id={email.id}
                  label={`Supprimer ${email.email}`}
                  busy={deletingId === email.id}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The trash button of a list row (contact emails, distances): posts `intent` + `id`. */
function DeleteRowButton({
  fetcher,
  intent,
  id,
  label,
  busy,
}: {
  fetcher: ReturnType<typeof useFetcher<typeof action>>;
  intent: string;
  id: string;
  label: string;
  busy: boolean;
}) {
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        className="text-destructive hover:text-destructive"
        disabled={busy}
        aria-label={label}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </fetcher.Form>
  );
}

/* ───────────── Transport ───────────── */

function TransportCard({ transports, languageName }: { transports: LoaderData['transports']; languageName: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Options de transport</h3>
        </CardTitle>
        <CardDescription>Descriptions en {languageName} (langue d&apos;édition)</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {transports.map((option) => (
          <TransportOption key={option.id} option={option} />
        ))}
      </CardContent>
    </Card>
  );
}

function TransportOption({ option }: { option: LoaderData['transports'][number] }) {
  const toggleFetcher = useFetcher<typeof action>();
  const descriptionFetcher = useFetcher<typeof action>();
  const label = TRANSPORT_LABELS[option.type];
  const pending = toggleFetcher.formData?.get('enabled');
  const enabled = typeof pending === 'string' ? pending === 'true' : option.enabled;
  const checkboxId = `transport-${option.type}`;
  const errors = replyErrors(descriptionFetcher.data, 'description');
  const savingDescription = descriptionFetcher.state !== 'idle';
  return (
    <div className="space-y-3 rounded-md border p-4">
      <div className="flex items-center gap-2">
        <Checkbox
          id={checkboxId}
          checked={enabled}
          onCheckedChange={(checked) =>
            toggleFetcher.submit(
              { intent: 'toggle-transport', id: option.id, enabled: String(checked === true) },
              { method: 'post' },
            )
          }
        />
        <Label htmlFor={checkboxId}>{label}</Label>
      </div>
      {enabled ? (
        <descriptionFetcher.Form method="post" className="space-y-2" key={option.description}>
          <input type="hidden" name="intent" value="save-transport-description" />
          <input type="hidden" name="id" value={option.id} />
          <p id={`${checkboxId}-description-label`} className="text-sm font-medium">
            Description ({label})
          </p>
          <RichTextEditor
            name="description"
            labelId={`${checkboxId}-description-label`}
            defaultValue={option.description}
            invalid={errors ? true : undefined}
            errorId={errors ? `${checkboxId}-description-error` : undefined}
          />
          <FieldError id={`${checkboxId}-description-error`} errors={errors} />
          <Button type="submit" size="sm" variant="outline" disabled={savingDescription}>
            <SaveIcon aria-hidden="true" />
            {savingDescription ? 'Sauvegarde...' : 'Sauvegarder la description'}
          </Button>
        </descriptionFetcher.Form>
      ) : null}
    </div>
  );
}

/* ───────────── Distances ───────────── */

function formatDuration(minutes: number) {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

function DistancesCard({ distances }: { distances: LoaderData['distances'] }) {
  const addFetcher = useFetcher<typeof action>();
  const deleteFetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  useFetcherSuccess(addFetcher, () => formRef.current?.reset());
  const idPrefix = useId();
  const cityErrors = replyErrors(addFetcher.data, 'city');
  const durationErrors = replyErrors(addFetcher.data, 'durationMinutes');
  const deletingId = deleteFetcher.state !== 'idle' ? deleteFetcher.formData?.get('id') : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Distances</h3>
        </CardTitle>
        <CardDescription>Temps de trajet depuis les villes et lieux voisins</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <addFetcher.Form ref={formRef} method="post" noValidate className="grid gap-2 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
          <input type="hidden" name="intent" value="add-distance" />
          <div className="space-y-1">
            <Label htmlFor={`${idPrefix}-city`}>Ville</Label>
            <Input id={`${idPrefix}-city`} name="city" placeholder="Cannes" maxLength={100} aria-invalid={cityErrors ? true : undefined} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${idPrefix}-duration`}>Durée (minutes)</Label>
            <Input
              id={`${idPrefix}-duration`}
              name="durationMinutes"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder="30"
              aria-invalid={durationErrors ? true : undefined}
            />
          </div>
          <Button type="submit" disabled={addFetcher.state !== 'idle'}>
            <PlusIcon aria-hidden="true" />
            Ajouter
          </Button>
          <FieldError errors={cityErrors ?? durationErrors} />
        </addFetcher.Form>
        {distances.length === 0 ? (
          <EmptyState className="py-2 text-left">Aucune distance pour le moment</EmptyState>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Distances">
            {distances.map((distance) => (
              <li key={distance.id} className="flex items-center justify-between gap-2 px-3 py-2">
                <span>
                  <span className="font-medium">{distance.city}</span> — {formatDuration(distance.durationMinutes)}
                </span>
                <DeleteRowButton
                  fetcher={deleteFetcher}
                  intent="delete-distance"
                  id={distance.id}
                  label={`Supprimer ${distance.city}`}
                  busy={deletingId === distance.id}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
