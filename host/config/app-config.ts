import { z } from 'zod';
import {
  parseDatabaseDriver,
  type DatabaseDriver,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  type DatabaseTimeouts,
  StartupError,
  TOOL_LOADINGS,
  type ToolLoading,
} from '../../src';

/** One external MCP server whose tools join the deferred tier as `<prefix>_<tool>`. */
export interface ExternalMcpServerConfig {
  readonly name: string;
  readonly url: string;
  readonly prefix: string;
}

export interface AiConfig {
  /**
   * OpenAI-compatible chat-completions endpoint. With neither it nor `model` set the chat talks
   * to the scripted agent; with only one of the two it answers 503 naming the other.
   */
  readonly baseUrl?: string;
  readonly apiKey?: string;
  readonly model?: string;
  readonly maxSteps: number;
  /** `AI_SCRIPTED_STEP_DELAY_MS`: the scripted agent's pause before each step; default 800. */
  readonly scriptedStepDelayMs: number;
  readonly commentSignalDebounceMs: number;
  /**
   * `AI_CALLS_PER_USER_RUNNING` (default 4) and `AI_CALLS_PER_USER_MAX_IN_PROGRESS` (default
   * 32): the module's `callsPerUser` limits; with `REDIS_URL` they count across instances.
   */
  readonly callsPerUser: {
    readonly running: number;
    readonly maxInProgress: number;
  };
  readonly externalMcp: readonly ExternalMcpServerConfig[];
  /** `AI_TOOL_LOADING`: the module's `deferredTools.toolLoading`; default `tool-list`, the package's own (the eval and the bench's chats run `in-conversation`). */
  readonly toolLoading: ToolLoading;
}

export interface AppConfig {
  readonly port: number;
  /** Origin of this server as users reach it (`APP_URL`), used in public share links. */
  readonly publicBaseUrl: string;
  /** Absent: an embedded PostgreSQL under `dataDirectory`. */
  readonly databaseUrl?: string;
  /** `DATA_DIR`: where the embedded PostgreSQL keeps its files (in `postgres/`); default `.data`. */
  readonly dataDirectory: string;
  readonly database: DatabaseConfig;
  readonly ai: AiConfig;
  readonly collaboration: CollaborationConfig;
  /**
   * `REDIS_URL` (`redis://` or `rediss://`): makes this server one instance of several sharing
   * the database and this Redis. Absent: a single instance.
   */
  readonly redisUrl?: string;
}

/**
 * The collaboration server's store delays, Docmost's by default: a change is stored
 * `COLLAB_DEBOUNCE_MS` after the last edit, and at most `COLLAB_MAX_DEBOUNCE_MS` after the first.
 */
export interface CollaborationConfig {
  readonly debounceMs: number;
  readonly maxDebounceMs: number;
  /**
   * `COLLAB_DISABLE_REDIS=true`, as Docmost reads it: one instance whose collaboration server
   * uses no Redis, and runs none of Docmost's server-side collaboration events (a comment's
   * mark from `yjsSelection`, its `resolved` flag): the host's comment service sets no mark.
   */
  readonly disableRedis: boolean;
}

/** How the host connects: `DB_DRIVER`, `DB_STATEMENT_TIMEOUT_MS`, `DB_CONNECT_TIMEOUT_MS`, `DB_QUERY_TIMEOUT_MS`. */
export interface DatabaseConfig {
  readonly driver: DatabaseDriver;
  readonly statementTimeoutMs: number;
  readonly connectTimeoutMs: number;
  /** Absent: the statement timeout plus a grace period (see `DatabaseTimeouts`). */
  readonly queryTimeoutMs?: number;
}

const externalMcpSchema = z.array(
  z.object({
    name: z.string().min(1),
    url: z.url({ protocol: /^https?$/ }),
    prefix: z
      .string()
      .regex(
        /^[a-z][a-z0-9]*$/,
        'lowercase letters and digits, starting with a letter',
      ),
  }),
);

function integer(
  variable: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new StartupError(
      `${variable}="${raw}" is not valid; expected an integer from ${min} to ${max}`,
      variable,
    );
  }
  return value;
}

function parseDatabaseConfig(env: NodeJS.ProcessEnv): DatabaseConfig {
  const queryTimeout = optional(env.DB_QUERY_TIMEOUT_MS);
  const timeouts: Omit<DatabaseTimeouts, 'queryTimeoutMs'> = {
    statementTimeoutMs: integer(
      'DB_STATEMENT_TIMEOUT_MS',
      env.DB_STATEMENT_TIMEOUT_MS,
      DEFAULT_STATEMENT_TIMEOUT_MS,
      0,
      3_600_000,
    ),
    connectTimeoutMs: integer(
      'DB_CONNECT_TIMEOUT_MS',
      env.DB_CONNECT_TIMEOUT_MS,
      DEFAULT_CONNECT_TIMEOUT_MS,
      1,
      600_000,
    ),
  };
  return {
    driver: parseDatabaseDriver(env.DB_DRIVER),
    ...timeouts,
    ...(queryTimeout === undefined
      ? {}
      : {
          queryTimeoutMs: integer(
            'DB_QUERY_TIMEOUT_MS',
            queryTimeout,
            0,
            0,
            3_600_000,
          ),
        }),
  };
}

function optional(raw: string | undefined): string | undefined {
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

function parseExternalMcp(
  raw: string | undefined,
): readonly ExternalMcpServerConfig[] {
  if (optional(raw) === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw!);
  } catch (error) {
    throw new StartupError(
      `AI_EXTERNAL_MCP is not valid JSON (${(error as Error).message}); expected [{"name":"...","url":"http://...","prefix":"..."}]`,
      'AI_EXTERNAL_MCP',
    );
  }
  const result = externalMcpSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new StartupError(
      `AI_EXTERNAL_MCP${issue.path.map((p) => `[${JSON.stringify(p)}]`).join('')}: ${issue.message}; expected [{"name":"...","url":"http://...","prefix":"..."}]`,
      'AI_EXTERNAL_MCP',
    );
  }
  const prefixes = new Set<string>();
  for (const server of result.data) {
    if (prefixes.has(server.prefix))
      throw new StartupError(
        `AI_EXTERNAL_MCP: prefix "${server.prefix}" is used twice; prefixes must be unique`,
        'AI_EXTERNAL_MCP',
      );
    prefixes.add(server.prefix);
  }
  return result.data;
}

function parseRedisUrl(raw: string | undefined): string | undefined {
  const value = optional(raw);
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    url === undefined ||
    (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
  )
    throw new StartupError(
      `REDIS_URL="${value}" is not a Redis URL; expected redis://host:port or rediss://host:port`,
      'REDIS_URL',
    );
  return value;
}

/** Reads the environment once at boot; a bad value is a one-line error naming the variable. */
function parsePublicBaseUrl(raw: string | undefined, port: number): string {
  const value = optional(raw);
  if (value === undefined) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StartupError(
      `APP_URL="${value}" is not a URL; expected an origin such as https://docs.example.com`,
      'APP_URL',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new StartupError(
      `APP_URL="${value}" must use http or https; expected an origin such as https://docs.example.com`,
      'APP_URL',
    );
  }
  return value.replace(/\/+$/, '');
}

function parseCallsPerUser(env: NodeJS.ProcessEnv): AiConfig['callsPerUser'] {
  const running = integer(
    'AI_CALLS_PER_USER_RUNNING',
    env.AI_CALLS_PER_USER_RUNNING,
    4,
    1,
    1000,
  );
  const maxInProgress = integer(
    'AI_CALLS_PER_USER_MAX_IN_PROGRESS',
    env.AI_CALLS_PER_USER_MAX_IN_PROGRESS,
    Math.max(32, running),
    1,
    10_000,
  );
  if (maxInProgress < running)
    throw new StartupError(
      `AI_CALLS_PER_USER_MAX_IN_PROGRESS=${maxInProgress} is below AI_CALLS_PER_USER_RUNNING=${running}; it counts the running calls too, so it must be at least ${running}`,
      'AI_CALLS_PER_USER_MAX_IN_PROGRESS',
    );
  return { running, maxInProgress };
}

function parseToolLoading(raw: string | undefined): ToolLoading {
  const value = optional(raw) ?? 'tool-list';
  if (!(TOOL_LOADINGS as readonly string[]).includes(value))
    throw new StartupError(
      `AI_TOOL_LOADING must be one of ${TOOL_LOADINGS.join(', ')}, got "${value}"`,
      'AI_TOOL_LOADING',
    );
  return value as ToolLoading;
}

export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = integer('PORT', env.PORT, 3000, 0, 65535);
  return {
    port,
    publicBaseUrl: parsePublicBaseUrl(env.APP_URL, port),
    databaseUrl: optional(env.DATABASE_URL),
    dataDirectory: optional(env.DATA_DIR) ?? '.data',
    redisUrl: parseRedisUrl(env.REDIS_URL),
    database: parseDatabaseConfig(env),
    ai: {
      baseUrl: optional(env.AI_BASE_URL),
      apiKey: optional(env.AI_API_KEY),
      model: optional(env.AI_MODEL),
      maxSteps: integer('AI_MAX_STEPS', env.AI_MAX_STEPS, 20, 1, 200),
      scriptedStepDelayMs: integer(
        'AI_SCRIPTED_STEP_DELAY_MS',
        env.AI_SCRIPTED_STEP_DELAY_MS,
        800,
        0,
        60_000,
      ),
      callsPerUser: parseCallsPerUser(env),
      commentSignalDebounceMs: integer(
        'AI_COMMENT_SIGNAL_DEBOUNCE_MS',
        env.AI_COMMENT_SIGNAL_DEBOUNCE_MS,
        20_000,
        0,
        3_600_000,
      ),
      externalMcp: parseExternalMcp(env.AI_EXTERNAL_MCP),
      toolLoading: parseToolLoading(env.AI_TOOL_LOADING),
    },
    collaboration: {
      debounceMs: integer(
        'COLLAB_DEBOUNCE_MS',
        env.COLLAB_DEBOUNCE_MS,
        10_000,
        0,
        600_000,
      ),
      maxDebounceMs: integer(
        'COLLAB_MAX_DEBOUNCE_MS',
        env.COLLAB_MAX_DEBOUNCE_MS,
        45_000,
        0,
        3_600_000,
      ),
      disableRedis:
        (env.COLLAB_DISABLE_REDIS ?? 'false').trim().toLowerCase() === 'true',
    },
  };
}
