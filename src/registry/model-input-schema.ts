import type { ToolInputJsonSchema } from './tool-input-schema';

/**
 * Keywords the chat's model is not sent. None of them tells a model what to pass that the
 * field's type, description, `enum` or `default` does not already say; each only lets a
 * validator refuse a value. The registry's zod schema refuses the same values on every call,
 * with an error naming the field and the bound (`Too big: expected number to be <=50 at
 * limit`), which teaches the model exactly when it matters instead of on every request.
 * `$schema` names the dialect for a validator; no provider needs it in a tool definition.
 * Where a bound matters before the first call (`at most 50`), the field's description says it.
 */
export const VALIDATION_ONLY_KEYWORDS: readonly string[] = Object.freeze([
  '$schema',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'pattern',
  'propertyNames',
  'additionalProperties',
]);

const DROPPED = new Set(VALIDATION_ONLY_KEYWORDS);

/** Keywords whose value is a map of name → subschema. */
const SUBSCHEMA_MAPS = ['properties', 'definitions', '$defs'] as const;
/** Keywords whose value is a list of subschemas. */
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf'] as const;
/** Keywords whose value is one subschema (or, for `items`, a list of them). */
const SUBSCHEMAS = ['items', 'not'] as const;

/**
 * The JSON Schema the chat's model receives for a tool: the input schema with the
 * {@link VALIDATION_ONLY_KEYWORDS} removed at every level. Structure, types, `required`,
 * `enum`, `const`, `default` and descriptions are kept; property names are never touched (a
 * field may be called `pattern`). The result is frozen, as the full schema is.
 */
export function toModelInputJsonSchema(
  schema: ToolInputJsonSchema,
): ToolInputJsonSchema {
  return Object.freeze(leanSchema(schema)) as ToolInputJsonSchema;
}

function leanSchema(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return schema;
  const lean: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (DROPPED.has(keyword)) continue;
    lean[keyword] = leanKeywordValue(keyword, value);
  }
  return Object.freeze(lean);
}

function leanKeywordValue(keyword: string, value: unknown): unknown {
  if ((SUBSCHEMA_MAPS as readonly string[]).includes(keyword))
    return freezeMap(value, leanSchema);
  if ((SUBSCHEMA_LISTS as readonly string[]).includes(keyword))
    return Array.isArray(value) ? Object.freeze(value.map(leanSchema)) : value;
  if ((SUBSCHEMAS as readonly string[]).includes(keyword))
    return Array.isArray(value)
      ? Object.freeze(value.map(leanSchema))
      : leanSchema(value);
  // Data, not schemas (`default`, `enum`, `const`, `required`, `description`): kept as is.
  return value;
}

function freezeMap(value: unknown, each: (child: unknown) => unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const mapped: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(value)) mapped[name] = each(child);
  return Object.freeze(mapped);
}
