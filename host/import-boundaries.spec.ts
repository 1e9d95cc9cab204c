import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const ESLINT = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');

/**
 * The rule ids `npm run lint`'s ESLint reports for `code` as the content of `filePath` (relative
 * to the root), run as the command line runs it (its flat config is an ES module, which jest's
 * module sandbox cannot load).
 */
async function ruleIdsFor(code: string, filePath: string): Promise<string[]> {
  const run = spawnSync(
    process.execPath,
    [ESLINT, '--format', 'json', '--stdin', '--stdin-filename', filePath],
    { cwd: ROOT, input: code, encoding: 'utf8' },
  );
  const [result] = JSON.parse(run.stdout) as {
    messages: { ruleId: string | null; message: string }[];
  }[];
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

// ESLint with type information loads the TypeScript project first.
jest.setTimeout(60_000);

/**
 * The layout's two import rules, enforced by `npm run lint`: the reference host takes the
 * package through its public entry, as Docmost's server would, and the package never imports
 * the host, the demo, bench and eval, or the tests.
 */
/**
 * The deep specifiers the rule refuses, assembled here so that this file (host code too) does not
 * itself carry an import path behind the entry for anyone searching host/ for one.
 */
const BEHIND_THE_ENTRY = [
  '..',
  '..',
  'src',
  'tools',
  'access',
  'page-access',
].join('/');
const MODULE_MIGRATION_FILES = ['..', '..', 'migrations', 'module'].join('/');

describe('import boundaries', () => {
  it('refuses a host file reaching behind the package entry', async () => {
    expect(
      await ruleIdsFor(
        `import { requirePage } from '${BEHIND_THE_ENTRY}';\nexport const probe = requirePage;\n`,
        'host/chat/chat.service.ts',
      ),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIdsFor(
        `import { AI_TOOLS_MIGRATIONS } from '${MODULE_MIGRATION_FILES}';\nexport const probe = AI_TOOLS_MIGRATIONS;\n`,
        'host/migrations/index.ts',
      ),
    ).toContain('no-restricted-imports');
  });

  it('lets a host file import the entry', async () => {
    expect(
      await ruleIdsFor(
        "import { requirePage } from '../../src';\nexport const probe = requirePage;\n",
        'host/chat/chat.service.ts',
      ),
    ).toEqual([]);
  });

  it('refuses a package file importing the host, dev or tests', async () => {
    for (const target of [
      '../../host/database',
      '../../dev/eval/run-scenario',
      '../../test/support/seeded-tools',
    ])
      expect(
        await ruleIdsFor(
          `import * as probe from '${target}';\nexport { probe };\n`,
          'src/tools/output-limit.ts',
        ),
      ).toContain('no-restricted-imports');
  });
});
