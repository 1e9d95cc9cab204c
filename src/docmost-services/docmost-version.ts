/**
 * The Docmost versions the package's checks inside Docmost passed on (`npm run test:docmost`,
 * docs/docmost-outside-checks.md): the gitmost fork at 0.94.0. Another version may differ in
 * what the mount relies on (the services' shapes and effects, the collaboration server, the
 * schema); the module says so at boot.
 */
export const CHECKED_DOCMOST_VERSIONS: readonly string[] = ['0.94.0'];

/** What the module logs at boot about the Docmost it runs in, and how loudly. */
export function docmostVersionNotice(version: string | undefined): {
  readonly level: 'log' | 'warn';
  readonly message: string;
} {
  const checked = CHECKED_DOCMOST_VERSIONS.join(', ');
  if (version === undefined)
    return {
      level: 'log',
      message: `Docmost's version not given (option docmostVersion); the Docmost checks passed on ${checked}`,
    };
  const given = version.trim().replace(/^v/, '');
  return CHECKED_DOCMOST_VERSIONS.includes(given)
    ? {
        level: 'log',
        message: `Docmost ${given}: one of the versions the Docmost checks passed on (${checked})`,
      }
    : {
        level: 'warn',
        message: `Docmost ${given} is not a version the Docmost checks passed on (${checked}): the services, the collaboration server or the schema the module relies on may differ; run the Docmost checks (npm run test:docmost) against it before relying on the agent's writes`,
      };
}
