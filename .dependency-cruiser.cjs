/**
 * The layout's import rules (README "Layout"), checked by `npm run lint` on every import of
 * src/, client/, host/, dev/, test/ and migrations/, type-only imports included:
 * dependency-cruiser resolves each import to a file, so a rule names folders, not spellings.
 * Each rule's name is what a refused import is reported under.
 */

/**
 * The floors of src/, from the ground up. A folder (or a top-level file) imports from its own
 * folder and from the floors below its own: never from a folder beside it on its floor, never
 * from one above. A new folder of src/ takes a place here, or the lint refuses its imports.
 */
const FLOORS = [
  ['ground'],
  ['document', 'registry', 'database'],
  ['workers', 'caller', 'comment-signal', 'deferred'],
  ['access', 'calls-per-user', 'mcp-sessions', 'stats', 'stored-document'],
  ['page-store', 'chat-memory', 'heavy-tasks'],
  ['docmost-services', 'collaboration'],
  ['settings'],
  ['stash', 'chat-turn'],
  ['tools'],
  ['ai-tools-module-options.ts'],
  ['ai-tools-lifecycles.ts'],
  ['ai-tools.module.ts'],
  ['index.ts'],
];

const { readdirSync } = require('node:fs');
const { join } = require('node:path');

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A room's files: a folder's, at any depth, or the one top-level file. */
const room = (name) =>
  name.endsWith('.ts') ? `^src/${escape(name)}$` : `^src/${escape(name)}/`;

/** Specs and fixtures test a room with whatever they need: the house is the rest. */
const TESTS = '\\.(spec|fixture)\\.ts$';

/** The one layer order, as a rule a room (all reported as `floors`): its floor and those above are closed to it. */
const floors = FLOORS.flatMap((floor, level) =>
  floor.map((name) => ({
    name: 'floors',
    comment: `src/${name} stands on floor ${level + 1} of FLOORS (.dependency-cruiser.cjs): it imports from itself and from the floors below (${
      level === 0
        ? 'none: it is the ground'
        : FLOORS.slice(0, level).flat().join(', ')
    }), never from its own floor or above.`,
    severity: 'error',
    from: { path: room(name), pathNot: TESTS },
    to: {
      path: FLOORS.slice(level).flat().map(room),
      pathNot: room(name),
    },
  })),
);

/** Every folder of src/, at any depth (`src/heavy-tasks/content/transform`, say). */
const folders = (path) =>
  readdirSync(join(__dirname, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [
      `${path}/${entry.name}`,
      ...folders(`${path}/${entry.name}`),
    ]);

/**
 * Every folder is entered through its index only (all reported as `through-the-index`): from
 * outside the folder, no file may import one of its files but `index.ts`. Its own files, and
 * those of its sub-folders, import each other directly; a sub-folder is entered through its own
 * index in turn.
 */
const doors = folders('src').map((folder) => ({
  name: 'through-the-index',
  comment: `${folder}/ is entered through its index (${folder}/index.ts) only: export the name there. Its own files import each other directly.`,
  severity: 'error',
  from: {
    path: '^src/',
    pathNot: [TESTS, `^${escape(folder)}/`],
  },
  to: {
    path: `^${escape(folder)}/`,
    pathNot: `^${escape(folder)}/index\\.ts$`,
  },
}));

/** The stats route's answer, types only: the one module the server takes from the browser entry. */
const WIRE_TYPES = '^client/wire/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment:
        'No import cycles: each file can be read (and loaded) before the files that import it. Give shared types a file of their own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...floors,
    {
      name: 'floors',
      comment:
        'Every file of src/ stands in a room of FLOORS (.dependency-cruiser.cjs): give a new folder or top-level file its floor there.',
      severity: 'error',
      from: { path: '^src/', pathNot: [TESTS, ...FLOORS.flat().map(room)] },
      to: {},
    },
    ...doors,
    {
      name: 'package-never-imports-host',
      comment:
        'The package (src/, migrations/) never imports host/, dev/ or test/: they depend on it, not the other way round (its specs may use the test support).',
      severity: 'error',
      from: { path: '^(src|migrations)/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^(host|dev|test)/' },
    },
    {
      name: 'host-through-the-entry',
      comment:
        "The reference host mounts the package as Docmost's server would, through its public entry (src/index.ts): export what a host needs there, or keep it in host/.",
      severity: 'error',
      from: { path: '^host/' },
      to: { path: '^(src|migrations)/', pathNot: '^src/index\\.ts$' },
    },
    {
      name: 'client-never-imports-server',
      comment:
        'client/ is the browser entry (docmost-ai-tools/client): it never imports the server package, the host, dev or the tests; what it needs from the server is an HTTP route.',
      severity: 'error',
      from: { path: '^client/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^(src|migrations|host|dev|test)/' },
    },
    {
      name: 'package-never-imports-client',
      comment:
        "The server package (src/, migrations/) never imports the browser entry client/ (the server entry loads no React), but for the types of a route's answer in client/wire/, imported as types.",
      severity: 'error',
      from: { path: '^(src|migrations)/' },
      to: { path: '^client/', pathNot: WIRE_TYPES },
    },
    {
      name: 'package-never-imports-client',
      comment:
        "The server takes the route answers' shapes from client/wire/ as types only (`import type`): nothing of the browser entry is loaded with the server.",
      severity: 'error',
      from: { path: '^(src|migrations)/' },
      to: { path: WIRE_TYPES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'wire-types-import-nothing',
      comment:
        'client/wire/ holds the types the browser entry and the server share: it imports nothing, so neither side takes more of the other than those types.',
      severity: 'error',
      from: { path: WIRE_TYPES },
      to: {},
    },
    {
      name: 'client-through-its-entry',
      comment:
        "The web app and the test pages mount the browser entry as Docmost's client would, through client/index.ts: export what they need there.",
      severity: 'error',
      from: { path: '^(host|test|dev)/' },
      to: { path: '^client/', pathNot: '^client/index\\.ts$' },
    },
  ],
  options: {
    // Type-only imports count: a cycle through types still ties two files together.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|dist-host|dist-web|coverage)/' },
  },
};
