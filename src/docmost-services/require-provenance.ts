import type { DocmostServiceInstances } from './docmost-service-shapes';

/**
 * The methods through which Docmost records a write as the agent's, and where its
 * `provenance` parameter is (0-based). A method declared with fewer parameters still fits the
 * shapes' types (TypeScript lets a function take fewer arguments than its type passes), so a
 * Docmost without agent provenance would compile and store every agent write as the person's
 * own: `docmostServices` refuses it when it binds.
 */
const PROVENANCE_PARAMETERS = [
  ['commentService', 'create', 2],
  ['commentService', 'resolveComment', 3],
  ['pageService', 'create', 3],
  ['pageService', 'update', 3],
  ['pageService', 'movePage', 2],
  ['pageService', 'movePageToSpace', 3],
] as const;

/** Throws, naming every method concerned, when a bound service takes no `provenance`. */
export function requireProvenance(instances: DocmostServiceInstances): void {
  const missing = PROVENANCE_PARAMETERS.filter(
    ([service, method, index]) =>
      (instances[service] as unknown as Record<string, () => unknown>)[method]!
        .length <= index,
  ).map(
    ([service, method, index]) =>
      `${service}.${method} (argument ${index + 1})`,
  );
  if (missing.length > 0)
    throw new Error(
      `docmostServices: this Docmost's ${missing.join(', ')} take no provenance, so the agent's writes would be stored as the person's own: the package needs a Docmost whose services take AuthProvenanceData ({ actor, aiChatId }), as the gitmost fork 0.94.0 does`,
    );
}
