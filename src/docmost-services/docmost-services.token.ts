/**
 * The module's resolved `DocmostServices` (the host's bindings over the package's own SQL): what
 * the module's routes record their audit events through. Provided and exported by
 * `AiToolsModule`; a route module mounted without it records none.
 */
export const DOCMOST_SERVICES = Symbol('DOCMOST_SERVICES');
