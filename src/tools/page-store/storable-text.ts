import { ToolError } from '../../registry/tool-error';

const NUL = '\u0000';

/**
 * Whether any string in `value` (object keys included) holds U+0000. PostgreSQL's text and
 * jsonb types cannot store that character: a write holding one fails inside the database with
 * an encoding error instead of a message the model can act on.
 */
export function containsNulCharacter(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  let found = false;
  // JSON.stringify visits every key and value exactly as the driver will serialise them.
  JSON.stringify(value, (key: string, item: unknown) => {
    if (key.includes(NUL) || (typeof item === 'string' && item.includes(NUL))) found = true;
    return item;
  });
  return found;
}

/** Refuses input that PostgreSQL cannot store, naming the field, before anything is written. */
export function refuseNulCharacter(value: unknown, field: string): void {
  if (containsNulCharacter(value)) {
    throw new ToolError(
      'invalid_input',
      `${field} contains the character U+0000 (NUL), which Docmost cannot store; remove it and call again. Nothing was written.`,
      { field },
    );
  }
}
