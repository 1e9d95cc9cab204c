import { z } from 'zod';

/**
 * The AI SDK's chat hook validates what it receives with zod, whose first object parse probes
 * whether `new Function` may run, to compile faster parsers. The page's CSP forbids eval, so the
 * probe would be blocked and Chromium logs the violation as a console error even though zod
 * catches it. Without the compiled parsers zod parses the same, and never probes.
 * Imported first by main.tsx, before anything parses.
 */
z.config({ jitless: true });
