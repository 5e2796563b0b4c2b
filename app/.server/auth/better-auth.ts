// better-auth: email + password, sessions in Postgres, the admin plugin for role
// changes and user deletion. Roles are limited to `user` and `admin`.
//
// Its HTTP handler is not mounted: the site calls `auth.api.*` from its own routes
// (/auth, /sign-out, the admin screens), which apply the app's limits, validation and
// client IP. Nothing under /api/auth is reachable (docs/decisions/0005).
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins/admin';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { config } from '../environment';
import { db } from '../db/client';
import * as schema from '../db/schema';
import { queueExistingAccountNotice } from '../mail/notifications';
import { getOrCreateSecret } from './secrets';
import { hashPassword, verifyPassword } from './password';
import { ensureProfile } from './profiles';

const { PUBLIC_URL, ALLOW_SIGNUP, BETTER_AUTH_SECRET } = config();
const secure = PUBLIC_URL.startsWith('https:');

// Session lifetimes (ASVS 7.3): idle — a session unused for a week expires (better-auth
// slides the expiry forward, at most once a day, while it is used); absolute — however
// much it is used, a session ends 30 days after sign-in (enforced in permissions.ts).
export const SESSION_IDLE_SECONDS = 60 * 60 * 24 * 7;
export const SESSION_REFRESH_SECONDS = 60 * 60 * 24;
export const SESSION_ABSOLUTE_SECONDS = 60 * 60 * 24 * 30;

const CLIENT_IP_HEADER = 'x-guesthouse-client-ip';

/** The request's headers for an `auth.api` call, carrying the client IP the app computed. */
export function headersForAuth(request: Request, clientIp: string): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp);
  return headers;
}

export const auth = betterAuth({
  appName: 'Guesthouse',
  baseURL: PUBLIC_URL,
  basePath: '/api/auth',
  secret: BETTER_AUTH_SECRET ?? (await getOrCreateSecret('better-auth')),
  // better-auth checks origins in its HTTP handler only (not mounted); every write
  // reaching `auth.api` has passed server/security.ts's same-origin guard.
  trustedOrigins: [PUBLIC_URL],
  database: drizzleAdapter(db, {
    provider: 'pg',
    schema: {
      user: schema.user,
      session: schema.session,
      account: schema.account,
      verification: schema.verification,
      rateLimit: schema.rateLimit,
    },
  }),
  emailAndPassword: {
    enabled: true,
    disableSignUp: !ALLOW_SIGNUP,
    minPasswordLength: 8,
    maxPasswordLength: 128,
    // No sign-in on sign-up: with it off, better-auth answers a sign-up for a known address
    // exactly like one for a new address (a look-alike user, the password hashed all the
    // same), and calls onExistingUserSignUp, which tells the owner by mail.
    autoSignIn: false,
    onExistingUserSignUp: async ({ user }) => {
      await queueExistingAccountNotice(db, user.email);
    },
    password: { hash: hashPassword, verify: verifyPassword },
  },
  session: {
    expiresIn: SESSION_IDLE_SECONDS,
    updateAge: SESSION_REFRESH_SECONDS,
  },
  // better-auth's limiter guards only its HTTP handler, which is not mounted; /auth
  // applies the app's limits (app/.server/http/rate-limit.ts).
  rateLimit: { enabled: false },
  advanced: {
    useSecureCookies: secure,
    defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    // Sessions record the client IP the app computed (clientIpOf), see headersForAuth.
    ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
  },
  databaseHooks: {
    user: {
      create: {
        // Every account has its profile; sign-up only ever creates role `user`.
        after: async (created) => {
          await ensureProfile(created.id, created.email);
        },
      },
    },
  },
  plugins: [
    admin({
      roles: { user: userAc, admin: adminAc },
      defaultRole: 'user',
      adminRoles: ['admin'],
    }),
  ],
});

export type Session = typeof auth.$Infer.Session;
