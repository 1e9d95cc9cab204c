import { modelLine } from '../registry/model-text';

/** A page title as a message quotes it: one line, in double quotes ("Untitled" for none). */
export function quoteTitle(title: string | null): string {
  return `"${modelLine(title ?? 'Untitled')}"`;
}
