/**
 * The layout's import rules (README "Layout", DESIGN.md's dependency rule), checked by
 * `npm run lint` on every import of src/, client/, host/, dev/, test/ and migrations/, type-only imports
 * included: dependency-cruiser resolves each import to a file, so a rule names folders, not
 * spellings. Each rule's name is what a refused import is reported under.
 */
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
    {
      name: 'ground-depends-on-nothing',
      comment:
        'src/ground (the small helpers several folders need) imports nothing else from the package, only its libraries.',
      severity: 'error',
      from: { path: '^src/ground/' },
      to: { path: '^(src|migrations)/', pathNot: '^src/ground/' },
    },
    {
      name: 'registry-depends-on-nothing',
      comment:
        'src/registry imports nothing else from the package but the ground (src/ground), only its libraries.',
      severity: 'error',
      from: { path: '^src/registry/' },
      to: { path: '^(src|migrations)/', pathNot: '^src/(registry|ground)/' },
    },
    {
      name: 'document-depends-on-nothing',
      comment:
        "src/document (the model of Docmost's editor and the Markdown codec) imports nothing else from the package but the ground (src/ground), only its libraries.",
      severity: 'error',
      from: { path: '^src/document/' },
      to: { path: '^(src|migrations)/', pathNot: '^src/(document|ground)/' },
    },
    {
      name: 'document-through-its-index',
      comment:
        'The package uses src/document through its index (src/document/index.ts): export the name there.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/document/' },
      to: { path: '^src/document/', pathNot: '^src/document/index\\.ts$' },
    },
    {
      name: 'deferred-and-comment-signal-apart',
      comment:
        'src/deferred and src/comment-signal never import each other: the module composes them.',
      severity: 'error',
      from: { path: '^src/(deferred|comment-signal)/' },
      to: { path: '^src/(deferred|comment-signal)/', pathNot: '^src/$1/' },
    },
    {
      name: 'comment-signal-rooms-through-their-index',
      comment:
        "The comment signal's rooms (src/comment-signal/session, database-source, text, tool-results) are entered through their index from anywhere outside the room: export the name there. A room's own files import each other directly.",
      severity: 'error',
      from: { path: '^src/comment-signal/([^/]+)' },
      to: {
        path: '^src/comment-signal/(session|database-source|text|tool-results)/',
        pathNot: [
          '^src/comment-signal/$1/',
          '^src/comment-signal/[^/]+/index\\.ts$',
        ],
      },
    },
    {
      name: 'access-below-tools',
      comment:
        'src/access (the page-access policy) is below the tools and the stash, which import it: it never imports them.',
      severity: 'error',
      from: { path: '^src/access/' },
      to: { path: '^src/(tools|stash)/' },
    },
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
      to: { path: '^client/', pathNot: '^client/wire/' },
    },
    {
      name: 'package-never-imports-client',
      comment:
        "The server takes the route answers' shapes from client/wire/ as types only (`import type`): nothing of the browser entry is loaded with the server.",
      severity: 'error',
      from: { path: '^(src|migrations)/' },
      to: { path: '^client/wire/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'wire-types-import-nothing',
      comment:
        'client/wire/ holds the types the browser entry and the server share: it imports nothing, so neither side takes more of the other than those types.',
      severity: 'error',
      from: { path: '^client/wire/' },
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
