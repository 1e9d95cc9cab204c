import { appendFileSync } from 'node:fs';

/**
 * Reliability figures of the last run, appended to the file named by RELIABILITY_FIGURES (one
 * `name: value` line each) so RELIABILITY.md can quote them; nothing is written without it.
 * Tests never assert on these timings beyond their generous limits.
 */
export function recordFigure(name: string, value: string): void {
  const file = process.env.RELIABILITY_FIGURES;
  if (file) appendFileSync(file, `${name}: ${value}\n`);
}
