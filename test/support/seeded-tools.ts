import { sql, type Kysely } from 'kysely';
import type { DB, JsonValue } from '../../src/database';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { abbreviate } from '../../src/ground';
import {
  createToolRegistry,
  type RegistryLogger,
} from '../../src/registry/create-tool-registry';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import { ToolError } from '../../src/registry/tool-error';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import { CONTENT_TOOLS } from '../../src/tools/content';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import {
  createDocmostExecutors,
  type DocmostExecutorOptions,
} from '../../src/tools/docmost-executors';
import { asDocument, type ProseMirrorNode } from '../../src/document';

/**
 * The 22 deferred tools other than the whole-page content tools (transformPage, stashPage and
 * the Markdown tools): structure, tables, page management, history, sharing, checkNewComments.
 * The specs under the domain folders of test/tools (structure, tables, page-management, history,
 * sharing) and test/registry/ai-sdk-every-deferred-tool.spec.ts cover exactly these.
 */
export const DEFERRED_NON_CONTENT_TOOLS = TOOL_DEFINITIONS.filter(
  (spec) =>
    spec.tier === 'deferred' &&
    !CONTENT_TOOLS.some((content) => content.name === spec.name),
);

/**
 * The one way specs call the package's tools against a seeded database: seeded callers, every
 * tool over a database, the page as stored, a human's edit, and the one assertion of a failed
 * call (`expectToolError`).
 */

/** Where share and stash links point in every spec (the executors' `publicBaseUrl`). */
export const PUBLIC_BASE_URL = 'https://docs.acme.test';

export type SeedUser = keyof typeof SEED_IDS.users;

/** Who a call runs as: a seeded user in a chat turn, or a context of the spec's own. */
export type Caller = SeedUser | ToolCallContext;

/** The context a chat turn of a seeded user gets; `overrides` adds a chat id or an open page. */
export function contextFor(
  user: SeedUser,
  overrides: Partial<ToolCallContext> = {},
): ToolCallContext {
  return {
    userId: SEED_IDS.users[user],
    workspaceId: SEED_IDS.workspace,
    surface: 'chat',
    sessionId: `test-${user}`,
    ...overrides,
  };
}

export interface StoredPage {
  readonly content: ProseMirrorNode;
  readonly textContent: string | null;
  readonly title: string | null;
  readonly version: string;
  readonly historyCount: number;
  readonly lastUpdatedById: string | null;
}

export interface SeededTools {
  /** Every tool of the package, strict: each one bound to its Docmost executor. */
  readonly registry: ToolRegistry;
  /**
   * Validates raw input with the tool's schema (defaults applied), as a model would send it,
   * and runs it as `caller` (default the owner); resolves to the tool's output.
   */
  call<Output = any>(
    name: string,
    input: unknown,
    caller?: Caller,
  ): Promise<Output>;
  /** The page row as stored now, with its version and number of history rows. */
  page(pageId: string): Promise<StoredPage>;
  /** A human's save in the editor: new content and a new `updated_at`, outside any tool. */
  humanEdit(pageId: string, content: ProseMirrorNode): Promise<void>;
}

export interface SeededToolsOptions extends DocmostExecutorOptions {
  /**
   * Where the registry logs a failed call. Default: the console, so a bug's stack shows; a spec
   * that makes calls fail on purpose records the lines instead (and asserts them), so a passing
   * run prints nothing.
   */
  readonly logger?: RegistryLogger;
}

/**
 * Every tool over `db`, built as a host builds them (`createDocmostExecutors` and
 * `TOOL_DEFINITIONS`), with share and stash links under `PUBLIC_BASE_URL` unless `options`
 * says otherwise.
 */
export function seededTools(
  db: Kysely<DB>,
  { logger, ...options }: SeededToolsOptions = {},
): SeededTools {
  const registry = createToolRegistry({
    specs: TOOL_DEFINITIONS,
    executors: createDocmostExecutors(db, {
      publicBaseUrl: PUBLIC_BASE_URL,
      ...options,
    }),
    strict: true,
    ...(logger === undefined ? {} : { logger }),
  });
  return {
    registry,
    call: async <Output>(
      name: string,
      input: unknown,
      caller: Caller = 'owner',
    ): Promise<Output> => {
      const context = typeof caller === 'string' ? contextFor(caller) : caller;
      return (await registry.call(name, input, context)).output as Output;
    },
    page: (pageId) => storedPage(db, pageId),
    async humanEdit(pageId, content) {
      await db
        .updateTable('pages')
        .set({
          content: content as unknown as JsonValue,
          updatedAt: sql<Date>`clock_timestamp()`,
        })
        .where('id', '=', pageId)
        .execute();
    },
  };
}

async function storedPage(db: Kysely<DB>, pageId: string): Promise<StoredPage> {
  const row = await db
    .selectFrom('pages')
    .select(['content', 'textContent', 'title', 'lastUpdatedById'])
    .select(sql<string>`updated_at::text`.as('version'))
    .select((eb) =>
      eb
        .selectFrom('pageHistory')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('pageHistory.pageId', '=', 'pages.id')
        .as('historyCount'),
    )
    .where('id', '=', pageId)
    .executeTakeFirstOrThrow();
  return {
    content: asDocument(row.content),
    textContent: row.textContent,
    title: row.title,
    version: row.version,
    historyCount: row.historyCount ?? 0,
    lastUpdatedById: row.lastUpdatedById,
  };
}

export interface ExpectToolErrorOptions {
  /**
   * Accept code `internal`: the registry's wrapping of an unexpected error (a bug, a driver
   * error). Only for a spec whose point is that wrapping; by default it fails the test.
   */
  readonly internal?: boolean;
}

/**
 * Awaits a call that must fail with a ToolError, the error a model reads, and returns it for
 * assertions on its `code` and `message`. Fails the test, saying what happened instead, when
 * the call succeeds, throws anything else, or fails with code `internal`: the registry wraps
 * every unexpected error (a bug, which is what many specs guard against) as
 * `ToolError('internal')`, so an expected failure is never internal unless the spec says so
 * with `{ internal: true }`.
 */
export async function expectToolError(
  call: Promise<unknown> | (() => Promise<unknown>),
  options: ExpectToolErrorOptions = {},
): Promise<ToolError> {
  let outcome: { readonly failed: boolean; readonly value: unknown };
  try {
    outcome = {
      failed: false,
      value: await (typeof call === 'function' ? call() : call),
    };
  } catch (error) {
    outcome = { failed: true, value: error };
  }
  if (outcome.failed && outcome.value instanceof ToolError) {
    const error = outcome.value;
    if (error.code === 'internal' && options.internal !== true)
      throw new Error(
        `expected the call to fail with a ToolError the model can act on, but it failed with an ` +
          `unexpected error, wrapped as internal: "${error.message}" (the original error and ` +
          `its stack are in the registry's log; pass { internal: true } only when the spec ` +
          `expects an internal error)`,
      );
    return error;
  }
  throw new Error(
    outcome.failed
      ? `expected the call to fail with a ToolError, but it threw ${describeThrown(outcome.value)}`
      : `expected the call to fail with a ToolError, but it succeeded with ${describeValue(outcome.value)}`,
  );
}

function describeThrown(error: unknown): string {
  if (!(error instanceof Error)) return describeValue(error);
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '));
  return [`${error.constructor.name}: ${error.message}`, ...frames].join('\n');
}

/** A value as JSON, cut to a readable length: a tool output can be megabytes. */
function describeValue(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return abbreviate(text, 500);
}
