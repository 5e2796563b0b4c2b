// The ESLint rules that keep CODE_STYLE's promises (eslint.config.js), each shown failing
// on a deliberate violation (scripts/eslint-fixtures/, left out of the normal lint) linted
// as if it stood where the rule applies, and passing where it does not.
// One database pass: its subject is the ESLint configuration, no database.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of the rule `ruleId` for the fixture `name`, linted as the file at `as`. */
async function violations(name: string, as: string, ruleId: string): Promise<string[]> {
  const code = fs.readFileSync(path.join(root, 'scripts/eslint-fixtures', name), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: path.join(root, as) });
  return result!.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message);
}

const IMPORTS = '@typescript-eslint/no-restricted-imports';

describe('no React Router <Link> on the public pages', () => {
  it.each(['app/routes/site/home.tsx', 'app/routes/site/fixture.tsx', 'app/components/site/fixture.tsx', 'app/components/site/shell/fixture.tsx'])(
    'fails in %s',
    async (as) => {
      expect(await violations('router-link.tsx', as, IMPORTS)).toEqual([expect.stringContaining('siteLink')]);
    },
  );

  it.each(['app/routes/site/auth.tsx', 'app/routes/admin/fixture.tsx', 'app/components/admin/fixture.tsx'])(
    'passes in %s (the sign-in page, the back office)',
    async (as) => {
      expect(await violations('router-link.tsx', as, IMPORTS)).toEqual([]);
    },
  );
});

describe('no date formatter made outside app/lib/date-time-format.ts', () => {
  it.each(['app/.server/booking/fixture.ts', 'app/components/site/fixture.tsx', 'app/routes/admin/fixture.tsx', 'app/lib/fixture.ts', 'server/fixture.ts'])(
    'fails in %s',
    async (as) => {
      expect(await violations('date-formatter.ts', as, 'no-restricted-syntax')).toEqual([expect.stringContaining('dateTimeFormat(locale, options)')]);
    },
  );

  it('passes in its module', async () => {
    expect(await violations('date-formatter.ts', 'app/lib/date-time-format.ts', 'no-restricted-syntax')).toEqual([]);
  });
});

describe('no value import of server code from a component', () => {
  it.each(['app/components/admin/fixture.tsx', 'app/components/site/fixture.tsx', 'app/components/ui/fixture.tsx'])(
    'fails in %s, for ~/.server and *.server modules',
    async (as) => {
      const messages = await violations('server-value-import.tsx', as, IMPORTS);
      expect(messages).toHaveLength(2);
      for (const message of messages) expect(message).toContain('imports no server code');
    },
  );

  it('passes for a type, and in a route module', async () => {
    expect(await violations('server-type-import.tsx', 'app/components/admin/fixture.tsx', IMPORTS)).toEqual([]);
    expect(await violations('server-value-import.tsx', 'app/routes/admin/fixture.tsx', IMPORTS)).toEqual([]);
  });
});

describe('nothing in app/.server imports the routes, the components or page delivery', () => {
  it.each(['app/.server/content/fixture.ts', 'app/.server/fixture.ts'])('fails in %s', async (as) => {
    const messages = await violations('server-reaches-up.ts', as, IMPORTS);
    expect(messages).toHaveLength(2);
    for (const message of messages) expect(message).toContain('app/.server imports nothing');
  });

  it('passes in a test beside the server code, and in page delivery itself', async () => {
    expect(await violations('server-reaches-up.ts', 'app/.server/content/fixture.test.ts', IMPORTS)).toEqual([]);
    expect(await violations('server-reaches-up.ts', 'app/page-delivery/fixture.ts', IMPORTS)).toEqual([]);
  });
});
