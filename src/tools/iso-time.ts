/** Timestamps as tools return them: ISO 8601 strings, whatever the driver handed back. */
export function isoTime(value: Date | string): string;
export function isoTime(value: Date | string | null): string | null;
export function isoTime(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
