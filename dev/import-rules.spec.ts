import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { escapeRegExp } from '../src/ground';

const ROOT = join(__dirname, '..');
const DEPENDENCY_CRUISER = join(
  ROOT,
  'node_modules',
  'dependency-cruiser',
  'bin',
  'dependency-cruise.mjs',
);

/** Marks this run's probe files (several runs may share the work tree). */
const PROBE = `__probe__${process.pid}`;

interface Probe {
  /** Where the probe file is written, relative to the root. */
  readonly file: string;
  /** The import it makes, as written in the file. */
  readonly imports: string;
  /** The file that import resolves to, relative to the root. */
  readonly resolvesTo: string;
  /** The rule `npm run lint` refuses it under; undefined when the import is allowed. */
  readonly refusedBy?: string;
}

const probe = (
  file: string,
  imports: string,
  resolvesTo: string,
  refusedBy?: string,
): Probe => ({
  file: file.replace('PROBE', PROBE),
  imports,
  resolvesTo,
  refusedBy,
});

/**
 * One probe per rule of `.dependency-cruiser.cjs` (and the imports next to each that stay
 * allowed), each a real file at a real place in the layout, checked as `npm run lint:imports`
 * checks the repository: a rule that stopped matching lets its probe through and fails here.
 */
const PROBES: readonly Probe[] = [
  probe(
    'src/caller/PROBE-a.ts',
    `./${PROBE}-b`,
    `src/caller/${PROBE}-b.ts`,
    'no-cycle',
  ),
  // The floors: up, sideways, from the ground, from a folder on no floor.
  probe('src/access/PROBE.ts', '../tools', 'src/tools/index.ts', 'floors'),
  probe(
    'src/deferred/PROBE.ts',
    '../comment-signal',
    'src/comment-signal/index.ts',
    'floors',
  ),
  probe(
    'src/document/PROBE.ts',
    '../registry',
    'src/registry/index.ts',
    'floors',
  ),
  probe(
    'src/ground/PROBE.ts',
    '../document',
    'src/document/index.ts',
    'floors',
  ),
  probe(
    'src/PROBE-room/index.ts',
    '../ground',
    'src/ground/index.ts',
    'floors',
  ),
  probe('src/document/PROBE-ground.ts', '../ground', 'src/ground/index.ts'),
  probe('src/stash/PROBE.ts', '../access', 'src/access/index.ts'),
  probe('src/tools/PROBE-index.ts', '../document', 'src/document/index.ts'),
  // The doors: a folder's index only, from a folder or a top-level file.
  probe(
    'src/tools/PROBE-deep.ts',
    '../document/prosemirror/block-id',
    'src/document/prosemirror/block-id.ts',
    'through-the-index',
  ),
  probe(
    'src/PROBE-top.ts',
    './page-store/write-page',
    'src/page-store/write-page.ts',
    'through-the-index',
  ),
  probe(
    'src/comment-signal/PROBE-room.ts',
    './session/comment-signal-session',
    'src/comment-signal/session/comment-signal-session.ts',
    'through-the-index',
  ),
  probe(
    'src/comment-signal/text/PROBE.ts',
    '../session/check-plan',
    'src/comment-signal/session/check-plan.ts',
    'through-the-index',
  ),
  probe(
    'src/comment-signal/PROBE-room-index.ts',
    './session',
    'src/comment-signal/session/index.ts',
  ),
  probe(
    'src/comment-signal/session/PROBE.ts',
    './check-plan',
    'src/comment-signal/session/check-plan.ts',
  ),
  // Every folder at any depth, the tool domains' too.
  probe(
    'src/tools/reading/PROBE.ts',
    '../paging/keyset-cursor',
    'src/tools/paging/keyset-cursor.ts',
    'through-the-index',
  ),
  probe(
    'src/tools/reading/PROBE-door.ts',
    '../paging',
    'src/tools/paging/index.ts',
  ),
  probe(
    'src/tools/content/PROBE.ts',
    './page-markdown/create-page',
    'src/tools/content/page-markdown/create-page.ts',
    'through-the-index',
  ),
  probe(
    'src/document/markdown/PROBE.ts',
    '../prosemirror/prosemirror-node',
    'src/document/prosemirror/prosemirror-node.ts',
    'through-the-index',
  ),
  // No second door: the top of src/tools enters a domain by its index, and the worker's task
  // table is a room of its own (src/heavy-tasks), entered by its index like any other.
  probe(
    'src/tools/PROBE-spec.ts',
    './content/content.tools',
    'src/tools/content/content.tools.ts',
    'through-the-index',
  ),
  probe(
    'src/tools/PROBE-heavy.ts',
    '../heavy-tasks/content/content-heavy-tasks',
    'src/heavy-tasks/content/content-heavy-tasks.ts',
    'through-the-index',
  ),
  probe(
    'src/tools/reading/PROBE-heavy.ts',
    '../../heavy-tasks/reading',
    'src/heavy-tasks/reading/index.ts',
    'through-the-index',
  ),
  probe(
    'src/tools/reading/PROBE-heavy-door.ts',
    '../../heavy-tasks',
    'src/heavy-tasks/index.ts',
  ),
  // The heavy functions stand below the tools and beside the page store: a worker loads them
  // without either.
  probe('src/heavy-tasks/PROBE.ts', '../tools', 'src/tools/index.ts', 'floors'),
  probe(
    'src/heavy-tasks/PROBE-sideways.ts',
    '../page-store',
    'src/page-store/index.ts',
    'floors',
  ),
  probe(
    'src/docmost-services/database/PROBE.ts',
    '../docmost-services',
    'src/docmost-services/docmost-services.ts',
  ),
  probe(
    'src/tools/PROBE-host.ts',
    '../../host/config/app-config.token',
    'host/config/app-config.token.ts',
    'package-never-imports-host',
  ),
  probe(
    'src/tools/PROBE.spec.ts',
    '../../test/support/seeded-tools',
    'test/support/seeded-tools.ts',
  ),
  probe(
    'host/PROBE-deep.ts',
    '../src/tools/iso-time',
    'src/tools/iso-time.ts',
    'host-through-the-entry',
  ),
  probe(
    'host/PROBE-migrations.ts',
    '../migrations/module',
    'migrations/module/index.ts',
    'host-through-the-entry',
  ),
  probe('host/PROBE-entry.ts', '../src', 'src/index.ts'),
  probe(
    'client/PROBE.ts',
    '../src/settings',
    'src/settings/index.ts',
    'client-never-imports-server',
  ),
  probe(
    'src/settings/PROBE.ts',
    '../../client',
    'client/index.ts',
    'package-never-imports-client',
  ),
  // A value import of the shared wire types: only `import type` may cross.
  probe(
    'src/stats/PROBE.ts',
    '../../client/wire/turn-stats',
    'client/wire/turn-stats.ts',
    'package-never-imports-client',
  ),
  probe(
    'client/wire/PROBE.ts',
    '../api',
    'client/api/index.ts',
    'wire-types-import-nothing',
  ),
  probe(
    'host/web/app/PROBE-deep.ts',
    '../../../client/api',
    'client/api/index.ts',
    'client-through-its-entry',
  ),
  probe('host/web/app/PROBE-entry.ts', '../../../client', 'client/index.ts'),
];

/** The other half of the cycle probe: it imports the first file back. */
const CYCLE_COMPANION = probe(
  'src/caller/PROBE-b.ts',
  `./${PROBE}-a`,
  `src/caller/${PROBE}-a.ts`,
);

/** The checker's report lines (`error <rule>: <from> → <to>`) for the probes, and its status. */
function checkProbes(): {
  readonly status: number | null;
  readonly lines: string[];
} {
  for (const { file, imports } of [...PROBES, CYCLE_COMPANION]) {
    mkdirSync(dirname(join(ROOT, file)), { recursive: true });
    writeFileSync(join(ROOT, file), `export * from '${imports}';\n`);
  }
  try {
    const run = spawnSync(
      process.execPath,
      [
        DEPENDENCY_CRUISER,
        '--config',
        '.dependency-cruiser.cjs',
        '--output-type',
        'err',
        // The probes' own imports are what is checked: the files they import are not followed
        // further (the whole repository is `npm run lint`'s to cruise).
        '--do-not-follow',
        `^(?!.*${PROBE})`,
        ...[...PROBES, CYCLE_COMPANION].map(({ file }) => file),
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    // A cycle is reported over two lines (its route): joined, each report is one line.
    const lines = run.stdout
      .replace(/ →\s*\n\s+/g, ' → ')
      .split('\n')
      .filter((line) => line.trim().startsWith('error '));
    return { status: run.status, lines: lines.map((line) => line.trim()) };
  } finally {
    for (const { file } of [...PROBES, CYCLE_COMPANION]) {
      rmSync(join(ROOT, file), { force: true });
      // A probe's own folder (a folder on no floor) goes with it.
      if (dirname(file).includes(PROBE))
        rmSync(join(ROOT, dirname(file)), { recursive: true, force: true });
    }
  }
}

describe('the import rules of npm run lint', () => {
  const { status, lines } = checkProbes();

  it('fails the lint when an import breaks a rule', () => {
    expect(status).not.toBe(0);
  });

  it.each(PROBES.filter((each) => each.refusedBy !== undefined))(
    'refuses $file importing $imports under the rule $refusedBy',
    ({ file, resolvesTo, refusedBy }) => {
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^error ${refusedBy}: ${escapeRegExp(file)} → ${escapeRegExp(resolvesTo)}`,
          ),
        ),
      );
    },
  );

  it.each(PROBES.filter((each) => each.refusedBy === undefined))(
    'lets $file import $imports',
    ({ file, resolvesTo }) => {
      // An import of nothing would pass unchecked.
      expect(existsSync(join(ROOT, resolvesTo))).toBe(true);
      expect(lines.filter((line) => line.includes(`: ${file} `))).toEqual([]);
    },
  );

  it('reports nothing but the probes', () => {
    expect(lines.filter((line) => !line.includes(PROBE))).toEqual([]);
  });
});
