/**
 * `defaults` with each given option in its place, or a RangeError naming the option
 * (`<optionsName>.<field>`) and what is valid: every limit is a positive number, those in
 * `integers` positive integers.
 */
export function resolvePositiveLimits<Limits extends Record<string, number>>(
  optionsName: string,
  defaults: Limits,
  options: Partial<Limits>,
  integers: ReadonlySet<keyof Limits>,
): Limits {
  const limits: Record<string, number> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const value = options[key];
    if (value === undefined) continue;
    const integer = integers.has(key);
    if (
      !Number.isFinite(value) ||
      value <= 0 ||
      (integer && !Number.isInteger(value))
    ) {
      throw new RangeError(
        `${optionsName}.${key} must be ${integer ? 'a positive integer' : 'a positive number'}, got ${value}`,
      );
    }
    limits[key] = value;
  }
  return limits as Limits;
}
