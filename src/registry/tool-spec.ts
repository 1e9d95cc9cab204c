import type { z } from 'zod';
import type { ToolCallContext } from './tool-call-context';

export type ToolTier = 'core' | 'deferred';

/** MCP tool annotations; hints for clients, never a security boundary. */
export interface ToolAnnotations {
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/**
 * Everything about one tool that both surfaces share, declared once. The in-app chat and the
 * MCP server are derived from these specs, so their names, descriptions and schemas cannot
 * drift apart.
 */
/**
 * How a tool's calls read comments, for the comment signal: a call that read comments moves
 * the signal past them, and a signal on a page is followed once a call reads its comments.
 * - `page`: a page's comments (its `pageId` input), all of them unless its result says it was
 *   cut (`truncated`, `nextCursor`) or its input continues a listing (`cursor`);
 * - `since`: the comments created after its result's `since`, on its `pageId` input's page or
 *   in its result's `spaceId` space, all of them unless its result is `truncated`;
 * - `one`: one comment or thread; it moves nothing.
 */
export type CommentReading = 'page' | 'since' | 'one';

export interface ToolSpec<
  Name extends string = string,
  Input extends z.ZodObject = z.ZodObject,
> {
  /** camelCase: the key of the in-app chat's tool set. */
  readonly name: Name;
  /** snake_case of `name`: the MCP server's tool name. */
  readonly mcpName: string;
  readonly title: string;
  /** Model-facing: what it does, when to use it, its limits and failure modes. */
  readonly description: string;
  readonly tier: ToolTier;
  /** One line for the `<tool_catalog>` block; required for deferred tools. */
  readonly catalogLine?: string;
  readonly inputSchema: Input;
  readonly annotations: ToolAnnotations;
  /** How its calls read comments (see `CommentReading`); absent: they read none. */
  readonly readsComments?: CommentReading;
  /** Its results name no page and carry no document: the comment signal does not scan them. */
  readonly namesNoPage?: boolean;
}

export type AnyToolSpec = ToolSpec<string, z.ZodObject>;

/** The validated input an executor receives, inferred from the spec's schema. */
export type ToolInput<Spec extends AnyToolSpec> = z.output<Spec['inputSchema']>;

/** Runs one tool for one caller. Throws `ToolError` for anything the model should read. */
export type ToolExecutor<Spec extends AnyToolSpec = AnyToolSpec> = (
  input: ToolInput<Spec>,
  context: ToolCallContext,
) => Promise<unknown>;

/** Executors keyed by tool name, each typed from its own spec: no signature is copied by hand. */
export type ToolExecutorMap<Specs extends readonly AnyToolSpec[]> = {
  readonly [Spec in Specs[number] as Spec['name']]?: ToolExecutor<Spec>;
};

/** Identity with inference: keeps the literal name and the exact schema type of a spec. */
export function defineTool<
  const Name extends string,
  Input extends z.ZodObject,
>(spec: ToolSpec<Name, Input>): ToolSpec<Name, Input> {
  return spec;
}
