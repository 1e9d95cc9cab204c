import { ToolError } from '../ground';
import { z } from 'zod';
import type { AnyToolSpec } from './tool-spec';

/** The JSON Schema of a tool's input, exactly as both surfaces send it to a model. */
export type ToolInputJsonSchema = z.core.JSONSchema.BaseSchema;

/**
 * The conversion `McpServer` (SDK 1.x) applies to a zod 4 input schema when it lists tools.
 * The registry converts with the same options, so the schema the in-app chat sends is the one
 * an MCP client lists, byte for byte; the parity test holds both to it.
 */
const INPUT_JSON_SCHEMA_OPTIONS = { target: 'draft-7', io: 'input' } as const;

/**
 * Computes a tool's input JSON Schema once and freezes it: both surfaces share the object, so
 * nothing may edit it in place. Throws what zod throws for an unrepresentable schema (a date, a
 * bare transform); the registry reports that with the tool's name.
 */
export function toInputJsonSchema(
  inputSchema: z.ZodObject,
): ToolInputJsonSchema {
  return deepFreeze(z.toJSONSchema(inputSchema, INPUT_JSON_SCHEMA_OPTIONS));
}

export type ToolInputParseResult =
  | { readonly success: true; readonly input: unknown }
  | { readonly success: false; readonly error: ToolError };

/**
 * Validates raw model input against a tool's schema, applying its transforms (the node quirk
 * among them). Never throws for bad input: the failure carries a `ToolError('invalid_input')`
 * whose message names every failing field and what it expected.
 */
export async function parseToolInput(
  spec: AnyToolSpec,
  rawInput: unknown,
): Promise<ToolInputParseResult> {
  const result = await spec.inputSchema.safeParseAsync(rawInput ?? {});
  if (result.success) return { success: true, input: result.data };
  const message = `Invalid arguments for tool ${spec.name}: ${describeInputIssues(result.error.issues)}`;
  return {
    success: false,
    error: new ToolError('invalid_input', message, {
      issues: result.error.issues.map(summarizeIssue),
    }),
  };
}

/**
 * One line per issue, `<zod message> at <field path>`: the format the MCP SDK gives its own
 * validation errors, so the model reads the same sentence on both surfaces.
 */
export function describeInputIssues(
  issues: readonly z.core.$ZodIssue[],
): string {
  return issues
    .map((issue) =>
      issue.path.length === 0
        ? issue.message
        : `${issue.message} at ${formatIssuePath(issue.path)}`,
    )
    .join('\n');
}

function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, segment, index) => {
    if (index === 0) return String(segment);
    return typeof segment === 'number'
      ? `${text}[${segment}]`
      : `${text}.${String(segment)}`;
  }, '');
}

function summarizeIssue(
  issue: z.core.$ZodIssue,
): Readonly<Record<string, unknown>> {
  return {
    path: issue.path.map(String),
    code: issue.code,
    message: issue.message,
  };
}

function deepFreeze<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
