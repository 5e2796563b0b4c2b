// better-auth: email + password, sessions in Postgres, the admin plugin for role
// changes and user deletion. Roles are limited to `user` and `admin`.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins/admin';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { config } from '../config';
import { db } from '../db/client';
import * as schema from '../db/schema';
import { getOrCreateSecret } from '../secrets';
import { hashPassword, verifyPassword } from './password';
import { ensureProfile } from './profiles';

const { PUBLIC_URL, ALLOW_SIGNUP, BETTER_AUTH_SECRET, TRUST_PROXY } = config();
const secure = PUBLIC_URL.startsWith('https:');

// Session lifetimes (ASVS 7.3): idle — a session unused for a week expires (better-auth
// slides the expiry forward, at most once a day, while it is used); absolute — however
// much it is used, a session ends 30 days after sign-in (enforced in permissions.ts).
export const SESSION_IDLE_SECONDS = 60 * 60 * 24 * 7;
export const SESSION_REFRESH_SECONDS = 60 * 60 * 24;
export const SESSION_ABSOLUTE_SECONDS = 60 * 60 * 24 * 30;

export const auth = betterAuth({
  appName: 'Guesthouse',
  baseURL: PUBLIC_URL,
  basePath: '/api/auth',
  secret: BETTER_AUTH_SECRET ?? (await getOrCreateSecret('better-auth')),
  // PUBLIC_URL, and the address the request was actually made to (e.g. 127.0.0.1 for
  // localhost): server/security.ts already refuses writes from any other origin.
  trustedOrigins: (request) => [PUBLIC_URL, request ? new URL(request.url).origin : undefined],
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
    autoSignIn: true,
    password: { hash: hashPassword, verify: verifyPassword },
  },
  session: {
    expiresIn: SESSION_IDLE_SECONDS,
    updateAge: SESSION_REFRESH_SECONDS,
  },
  rateLimit: {
    enabled: true,
    storage: 'database',
    window: 60,
    max: 100,
    customRules: {
      '/sign-in/email': { window: 60, max: 10 },
      '/sign-up/email': { window: 60, max: 5 },
    },
  },
  advanced: {
    useSecureCookies: secure,
    defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
    ipAddress: { ipAddressHeaders: TRUST_PROXY ? ['x-forwarded-for'] : [] },
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
