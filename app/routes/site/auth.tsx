import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useTranslation } from '~/lib/i18n-react';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { auth } from '~/.server/auth/auth';
import { getRequestLanguage } from '~/.server/i18n';
import { getViewer, isAdmin, publicAccess } from '~/.server/permissions';
import { redirectWithToast, sendToast } from '~/.server/toast';
import { SignInSchema } from '~/lib/schemas/auth';
import type { Route } from './+types/auth';

export async function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  const viewer = await getViewer(request);
  if (isAdmin(viewer)) throw redirect('/admin');
  return { signedInAs: viewer?.email ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  publicAccess(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  const { t } = await getRequestLanguage(request);
  const response = await auth.api.signInEmail({
    body: { email: submission.value.email, password: submission.value.password },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    const message =
      body.code === 'INVALID_EMAIL_OR_PASSWORD' || body.code === 'INVALID_EMAIL' || response.status === 401
        ? t('auth.invalidCredentials')
        : (body.message ?? t('auth.invalidCredentials'));
    return sendToast(
      { type: 'error', title: t('auth.errorTitle'), description: message },
      { result: submission.reply({ formErrors: [message], hideFields: ['password'] }) },
      { status: response.status === 429 ? 429 : 401 },
    );
  }
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  const signedIn = new Request(request.url, { headers: { cookie: headers.get('set-cookie') ?? '' } });
  const viewer = await getViewer(signedIn);
  return redirectWithToast(
    isAdmin(viewer) ? '/admin' : '/',
    { type: 'success', title: t('auth.successTitle'), description: t('auth.successDescription') },
    { headers },
  );
}

export function meta() {
  return [{ title: 'Connexion' }, { name: 'robots', content: 'noindex' }];
}

export default function SignIn() {
  const { t } = useTranslation();
  const { signedInAs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  // Validation runs on the server (the schema stays out of the public bundle); the
  // browser's own checks (required, type=email) give instant feedback.
  const [form, fields] = useForm({ lastResult: actionData?.result, shouldValidate: 'onSubmit' });

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted p-4">
      <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-sm">
        <h1 className="mb-6 text-center font-serif text-2xl">{t('auth.title')}</h1>
        {signedInAs ? (
          <div className="space-y-4 text-center">
            <p>{t('auth.signedInAsUser')}</p>
            <Form method="post" action="/sign-out">
              <button type="submit" className="rounded-md border px-4 py-2">
                {t('auth.signOut')}
              </button>
            </Form>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            {form.errors?.length ? (
              <p role="alert" className="rounded-md bg-destructive/10 p-2 text-sm text-destructive">
                {form.errors.map((e) => t(e)).join(' ')}
              </p>
            ) : null}
            <div className="space-y-1">
              <label htmlFor={fields.email.id} className="text-sm font-medium">
                {t('auth.email')}
              </label>
              <input
                {...getInputProps(fields.email, { type: 'email' })}
                required
                maxLength={254}
                autoComplete="email"
                className="w-full rounded-md border border-input bg-background px-3 py-2"
              />
              {fields.email.errors ? (
                <p id={fields.email.errorId} className="text-sm text-destructive">
                  {t(fields.email.errors[0]!)}
                </p>
              ) : null}
            </div>
            <div className="space-y-1">
              <label htmlFor={fields.password.id} className="text-sm font-medium">
                {t('auth.password')}
              </label>
              <input
                {...getInputProps(fields.password, { type: 'password' })}
                required
                maxLength={128}
                autoComplete="current-password"
                className="w-full rounded-md border border-input bg-background px-3 py-2"
              />
              {fields.password.errors ? (
                <p id={fields.password.errorId} className="text-sm text-destructive">
                  {t(fields.password.errors[0]!)}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground disabled:opacity-60"
            >
              {busy ? t('auth.submitting') : t('auth.submit')}
            </button>
          </Form>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="underline underline-offset-4">
            {t('auth.backHome')}
          </Link>
        </p>
      </div>
    </main>
  );
}
