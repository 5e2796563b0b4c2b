import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useTranslation } from '~/lib/i18n-react';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { auth, headersForAuth } from '~/.server/auth/better-auth';
import { getProfileRole } from '~/.server/auth/profiles';
import { clientIpOf } from '~/.server/http/abuse';
import { config } from '~/.server/environment';
import { clearRateLimit, releaseRateLimitSlot, takeRateLimitSlot } from '~/.server/http/rate-limit';
import type { TFunction } from '~/lib/i18n';
import { getRequestLanguage } from '~/.server/languages/request-language';
import { getViewer, isAdmin, publicAccess } from '~/.server/auth/permissions';
import { redirectWithToast, sendToast } from '~/.server/http/toast-response';
import { AcceptInvitationSchema, SignInSchema, SignUpSchema } from '~/lib/schemas/auth';
import { acceptInvitation, readInvitation } from '~/.server/auth/invitations';
import { refusingCommonPasswords } from '~/.server/auth/password-policy';
import { forgetIdleAccounts, isKnownSignInAddress, noteFailedSignIn, recordSignIn, takeNetworkAttempt } from '~/.server/auth/account-throttle';
import type { Route } from './+types/auth';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'personal', page: 'back-office' } } satisfies DeliveryHandle;

/** Where an administrator lands after signing in: the owner's home (decision 0018). */
const ADMIN_HOME = '/admin/today';
/**
 * Where a signed-in person goes (SPEC §2: to /admin): an administrator to the owner's
 * home, anyone else to /admin, which tells them they have no access and how to ask
 * (decision 0026) rather than sending them back here.
 */
const homeOf = (role: string | null | undefined) => (role === 'admin' ? ADMIN_HOME : '/admin');

export async function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  const viewer = await getViewer(request);
  const params = new URL(request.url).searchParams;
  // Someone signed in who opens an invitation meant for another address is shown who they are, with a way out.
  if (isAdmin(viewer) || (viewer && !params.has('invitation'))) throw redirect(homeOf(viewer?.role));
  const allowSignup = config().ALLOW_SIGNUP;
  const { t } = await getRequestLanguage(request);
  // A link from an invitation mail: the person chooses a password (app/.server/auth/invitations.ts).
  const token = params.get('invitation');
  if (token !== null && !viewer) {
    const invitation = await readInvitation(token.slice(0, 100));
    return {
      signedInAs: null,
      allowSignup: false,
      mode: 'invitation' as const,
      invitation: invitation ? { token, email: invitation.email } : null,
      title: t('auth.invitationTitle'),
    };
  }
  const mode = allowSignup && params.get('mode') === 'signup' ? ('signup' as const) : ('signin' as const);
  // The page's <title> is in the visitor's language, like the page.
  return { signedInAs: viewer?.email ?? null, allowSignup, mode, invitation: null, title: t(mode === 'signup' ? 'auth.signupTitle' : 'auth.title') };
}

function forwardCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  return headers;
}

// Sign-in limits (ASVS 6.3) count failures: per IP across accounts, per account *from
// that IP*, and per account from that IP's network (/24, /64) with a growing delay that
// an address the account signed in from before never meets (account-throttle.ts). None
// counts the account as a whole before the password is checked: an attacker elsewhere can
// neither guess fast nor keep the owner out; failures piling up across networks are told
// to the account's owner instead.
const SIGN_IN_WINDOW_MINUTES = 15;
const SIGN_IN_FAILURES_PER_IP = 30;
const FAILURES_PER_ACCOUNT_AND_IP = 5;
const SIGN_UPS_PER_IP_PER_HOUR = 5;
const SignUpServerSchema = refusingCommonPasswords(SignUpSchema);

function tooManyAttempts(t: TFunction, title: string) {
  const message = t('auth.tooManyAttempts');
  return sendToast({ type: 'error', title, description: message }, { result: null, error: message }, { status: 429 });
}

async function signIn(request: Request, formData: FormData, ip: string) {
  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  const { t } = await getRequestLanguage(request);
  const ipKey = `signin-ip:${ip}`;
  const accountKey = `signin-account:${submission.value.email.toLowerCase()}:${ip}`;
  // Each attempt takes its slots (one atomic upsert each) *before* the password is
  // checked, so parallel guesses cannot all pass a check made before any was counted.
  const ipAllowed = await takeRateLimitSlot(ipKey, SIGN_IN_FAILURES_PER_IP, SIGN_IN_WINDOW_MINUTES);
  const accountAllowed = await takeRateLimitSlot(accountKey, FAILURES_PER_ACCOUNT_AND_IP, SIGN_IN_WINDOW_MINUTES);
  if (!ipAllowed || !accountAllowed) return tooManyAttempts(t, t('auth.errorTitle'));
  const knownAddress = await isKnownSignInAddress(submission.value.email, ip);
  if (!knownAddress && !(await takeNetworkAttempt(submission.value.email, ip))) return tooManyAttempts(t, t('auth.errorTitle'));
  const response = await auth.api.signInEmail({
    body: { email: submission.value.email, password: submission.value.password },
    headers: headersForAuth(request, ip),
    asResponse: true,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    const message =
      body.code === 'INVALID_EMAIL_OR_PASSWORD' || body.code === 'INVALID_EMAIL' || response.status === 401
        ? t('auth.invalidCredentials')
        : (body.message ?? t('auth.invalidCredentials'));
    await noteFailedSignIn(submission.value.email);
    await forgetIdleAccounts();
    return sendToast(
      { type: 'error', title: t('auth.errorTitle'), description: message },
      { result: submission.reply({ formErrors: [message], hideFields: ['password'] }) },
      { status: response.status === 429 ? 429 : 401 },
    );
  }
  // Only failures count: a success gives its slots back and clears its network's failures.
  await clearRateLimit(accountKey);
  await releaseRateLimitSlot(ipKey);
  await recordSignIn(submission.value.email, ip);
  const { user } = (await response.json()) as { user: { id: string } };
  const role = await getProfileRole(user.id);
  return redirectWithToast(
    homeOf(role),
    { type: 'success', title: t('auth.successTitle'), description: t('auth.successDescription') },
    { headers: forwardCookies(response) },
  );
}

/** SPEC §7: sign up with email and password, then back to the site root. Role `user` only. */
async function signUp(request: Request, formData: FormData, ip: string) {
  const { t } = await getRequestLanguage(request);
  if (!config().ALLOW_SIGNUP) {
    return data({ result: null, error: t('auth.signupDisabled') }, { status: 403 });
  }
  const submission = parseWithZod(formData, { schema: SignUpServerSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  if (!(await takeRateLimitSlot(`signup-ip:${ip}`, SIGN_UPS_PER_IP_PER_HOUR, 60))) {
    return tooManyAttempts(t, t('auth.signupErrorTitle'));
  }
  const response = await auth.api.signUpEmail({
    body: { email: submission.value.email, password: submission.value.password, name: submission.value.email },
    headers: headersForAuth(request, ip),
    asResponse: true,
  });
  if (!response.ok) {
    const message = t('auth.signupFailed');
    return sendToast(
      { type: 'error', title: t('auth.signupErrorTitle'), description: message },
      { result: submission.reply({ formErrors: [message], hideFields: ['password'] }) },
      { status: 400 },
    );
  }
  // The same answer whether the address was new or already had an account (ASVS 6.3.x,
  // no account enumeration): better-auth then returns a look-alike user, hashes the
  // password all the same (same timing) and the owner is told by mail
  // (app/.server/auth/better-auth.ts). So no automatic sign-in either: the new account
  // signs in with its password.
  return redirectWithToast('/', {
    type: 'success',
    title: t('auth.signupSuccessTitle'),
    description: t('auth.signupSuccessDescription'),
  });
}

const INVITATION_ATTEMPTS_PER_IP_PER_HOUR = 20;
const AcceptInvitationServerSchema = refusingCommonPasswords(AcceptInvitationSchema);

/** The invited person's chosen password opens the account and signs them in: a co-owner lands in the back office. */
async function acceptInvitationWith(request: Request, formData: FormData, ip: string) {
  const { t } = await getRequestLanguage(request);
  const submission = parseWithZod(formData, { schema: AcceptInvitationServerSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  if (!(await takeRateLimitSlot(`invitation-ip:${ip}`, INVITATION_ATTEMPTS_PER_IP_PER_HOUR, 60))) {
    return tooManyAttempts(t, t('auth.signupErrorTitle'));
  }
  const opened = await acceptInvitation(submission.value.token, submission.value.password);
  if (!opened) {
    const message = t('auth.invitationInvalid');
    return data({ result: submission.reply({ formErrors: [message], hideFields: ['password'] }) }, { status: 400 });
  }
  const toast = { type: 'success' as const, title: t('auth.invitationSuccessTitle'), description: t('auth.invitationSuccessDescription') };
  // The password just chosen signs the person in (the link proved the address is theirs).
  const session = await auth.api.signInEmail({
    body: { email: opened.email, password: submission.value.password },
    headers: headersForAuth(request, ip),
    asResponse: true,
  });
  if (!session.ok) return redirectWithToast('/auth', toast);
  await recordSignIn(opened.email, ip);
  return redirectWithToast(homeOf(opened.role), toast, { headers: forwardCookies(session) });
}

export async function action({ request, context }: Route.ActionArgs) {
  publicAccess(request);
  const formData = await request.formData();
  const ip = clientIpOf(request, context);
  const intent = formData.get('intent') ?? 'signin';
  if (intent === 'signin') return signIn(request, formData, ip);
  if (intent === 'signup') return signUp(request, formData, ip);
  if (intent === 'accept-invitation') return acceptInvitationWith(request, formData, ip);
  throw data('Unknown intent', { status: 400 });
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title ?? 'Connexion' }, { name: 'robots', content: 'noindex' }];
}

export default function SignIn() {
  const { t } = useTranslation();
  const { signedInAs, allowSignup, mode, invitation, title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  // Both choose a new password.
  const signup = mode === 'signup' || mode === 'invitation';
  // Validation runs on the server (the schema stays out of the public bundle); the
  // browser's own checks (required, type=email, minLength) give instant feedback.
  const [form, fields] = useForm({
    id: mode,
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    shouldValidate: 'onSubmit',
  });
  const inputClass = 'w-full rounded-md border border-input bg-background px-3 py-2';

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted p-4">
      <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-sm">
        <h1 className="mb-6 text-center font-serif text-2xl">{title}</h1>
        {mode === 'invitation' && !invitation ? (
          <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
            {t('auth.invitationInvalid')}
          </p>
        ) : signedInAs ? (
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
            <input type="hidden" name="intent" value={invitation ? 'accept-invitation' : mode} />
            {invitation ? (
              <>
                <input type="hidden" name="token" value={invitation.token} />
                <p className="text-sm">{t('auth.invitationIntro', { email: invitation.email })}</p>
              </>
            ) : null}
            {actionData && 'error' in actionData && actionData.error ? (
              <p role="alert" className="rounded-md bg-destructive/10 p-2 text-sm text-destructive">
                {actionData.error}
              </p>
            ) : null}
            {form.errors?.length ? (
              <p role="alert" className="rounded-md bg-destructive/10 p-2 text-sm text-destructive">
                {form.errors.map((e) => t(e)).join(' ')}
              </p>
            ) : null}
            <div className="space-y-1">
              <label htmlFor={fields.email.id} className="text-sm font-medium">
                {t('auth.email')}
              </label>
              {invitation ? (
                // The invited address, fixed (and given to password managers as the account's name).
                <input id={fields.email.id} type="email" value={invitation.email} readOnly autoComplete="username" className={`${inputClass} bg-muted`} />
              ) : (
                <input {...getInputProps(fields.email, { type: 'email' })} required maxLength={254} autoComplete="email" className={inputClass} />
              )}
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
                minLength={signup ? 8 : undefined}
                maxLength={128}
                autoComplete={signup ? 'new-password' : 'current-password'}
                className={inputClass}
              />
              {signup ? <p className="text-xs text-muted-foreground">{t('auth.passwordHint')}</p> : null}
              {fields.password.errors ? (
                <p id={fields.password.errorId} className="text-sm text-destructive">
                  {t(fields.password.errors[0]!)}
                </p>
              ) : null}
            </div>
            <button type="submit" disabled={busy} className="w-full rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground disabled:opacity-60">
              {signup
                ? busy
                  ? t('auth.signupSubmitting')
                  : t(invitation ? 'auth.invitationSubmit' : 'auth.signupSubmit')
                : busy
                  ? t('auth.submitting')
                  : t('auth.submit')}
            </button>
          </Form>
        )}
        {allowSignup && !signedInAs ? (
          <p className="mt-4 text-center text-sm">
            {signup ? (
              <Link to="/auth" className="text-primary underline underline-offset-4">
                {t('auth.haveAccount')}
              </Link>
            ) : (
              <Link to="/auth?mode=signup" className="text-primary underline underline-offset-4">
                {t('auth.createAccount')}
              </Link>
            )}
          </p>
        ) : null}
        <p className="mt-4 text-center text-sm">
          <Link to="/" className="underline underline-offset-4">
            {t('auth.backHome')}
          </Link>
        </p>
      </div>
    </main>
  );
}
