import { z } from 'zod';

/** A ProseMirror node as executors receive it: always an object, never the JSON string. */
export interface ProseMirrorNodeInput {
  readonly type: string;
  readonly attrs?: Readonly<Record<string, unknown>>;
  readonly content?: readonly Readonly<Record<string, unknown>>[];
  readonly text?: string;
  readonly marks?: readonly Readonly<Record<string, unknown>>[];
  readonly [key: string]: unknown;
}

export const NODE_INPUT_ERROR =
  'node must be a ProseMirror node object or a JSON string of one';

/*
 * zod writes an object that takes any further key, and a value that may be anything, as the
 * empty schema `{}`: legal JSON Schema that constrains nothing, which MCP clients' schema checks
 * (the MCP Inspector's) flag as a schema that forgot its type. The metadata below makes the
 * listing say what zod checks: `additionalProperties: true`, and `type: object` for a child.
 */

/** An object schema whose further keys may hold any value, listed as such. */
function anyKeysObject<Schema extends z.ZodType>(schema: Schema): Schema {
  return schema.meta({ additionalProperties: true });
}

/** A child node: any object (the executors validate it against Docmost's schema). */
const CHILD_NODE = z
  .unknown()
  .refine(
    (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value),
    'each child node must be an object such as {"type":"text","text":"Hi"}',
  )
  .meta({ type: 'object' });

export interface ProseMirrorNodeInputOptions {
  /** Model-facing description of the field. Default: a generic one naming both accepted forms. */
  readonly description?: string;
  /** Require this node type (e.g. `'doc'` for a whole document). Default: any type. */
  readonly nodeType?: string;
}

/**
 * A field holding one ProseMirror node, given as an object OR as a JSON string of one. Models
 * often serialise nested JSON arguments into a string; accepting both here, in the schema,
 * applies the quirk identically on both surfaces (each validates with this schema) and the
 * executor always receives an object. The JSON Schema is `anyOf [object, string]`.
 */
export function prosemirrorNodeInput(
  options: ProseMirrorNodeInputOptions = {},
) {
  const { nodeType } = options;
  const description =
    options.description ??
    `A ProseMirror node${nodeType === undefined ? '' : ` of type "${nodeType}"`}: an object such as ` +
      '{"type":"paragraph","content":[{"type":"text","text":"Hello"}]}, or the same object as a JSON string.';
  const nodeObject = z
    .looseObject({
      type: (nodeType === undefined
        ? z.string().min(1)
        : z.literal(nodeType)
      ).describe('The node type, e.g. "paragraph".'),
      attrs: anyKeysObject(z.record(z.string(), z.unknown()))
        .optional()
        .describe('Node attributes; blocks carry their id in attrs.id.'),
      // Children are only checked to be objects here: the executors validate the whole tree
      // against Docmost's schema (in a worker for a large one), while zod copying tens of
      // thousands of child objects held the event loop for 20-35 ms per 9 MB document, twice
      // per call.
      content: z
        .array(CHILD_NODE)
        .optional()
        .describe('Child nodes, in order.'),
      text: z.string().optional().describe('The text of a "text" node.'),
      marks: z
        .array(anyKeysObject(z.record(z.string(), z.unknown())))
        .optional()
        .describe('Marks of a "text" node (bold, link, ...).'),
    })
    .meta({ additionalProperties: true });

  return z
    .union([nodeObject, z.string()], {
      error: (issue) =>
        `${NODE_INPUT_ERROR}; got ${describeRejected(issue.input, nodeType)}`,
    })
    .transform((value, context): ProseMirrorNodeInput => {
      if (typeof value !== 'string') return value as ProseMirrorNodeInput;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch (error) {
        context.addIssue({
          code: 'custom',
          message: `${NODE_INPUT_ERROR}; the string is not valid JSON (${(error as Error).message})`,
        });
        return z.NEVER;
      }
      const checked = nodeObject.safeParse(parsed);
      if (!checked.success) {
        context.addIssue({
          code: 'custom',
          message: `${NODE_INPUT_ERROR}; the JSON string holds ${describeRejected(parsed, nodeType)}`,
        });
        return z.NEVER;
      }
      return checked.data as ProseMirrorNodeInput;
    })
    .describe(description);
}

/** What was given instead of a node, as a noun phrase the model can act on. */
function describeRejected(
  input: unknown,
  nodeType: string | undefined,
): string {
  if (input === undefined) return 'nothing';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input !== 'object') return `a ${typeof input}`;
  const type = (input as { type?: unknown }).type;
  if (typeof type !== 'string' || type === '')
    return 'an object without a string "type"';
  if (nodeType !== undefined && type !== nodeType)
    return `a node of type "${type}" where "${nodeType}" is required`;
  return 'a node with malformed fields (attrs must be an object; content and marks arrays of objects; text a string)';
}
