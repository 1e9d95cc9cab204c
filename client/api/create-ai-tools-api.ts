import type { AiToolsApi } from './ai-tools-api.js';
import { AiToolsApiError } from './ai-tools-api-error.js';

/**
 * The part of an axios instance the adapter uses. Docmost's `api` (`apps/client/src/lib/
 * api-client.ts`: base URL `/api`, cookies, a response interceptor returning the body) fits,
 * and so does an instance without that interceptor.
 */
export interface AxiosLikeClient {
  post(url: string, data?: unknown): Promise<unknown>;
}

/** A `fetch`-compatible function (the browser's `fetch`, or a host's wrapper of it). */
export type FetchFunction = (
  input: string,
  init: RequestInit,
) => Promise<Response>;

export type CreateAiToolsApiOptions =
  | {
      /** The host's axios instance, already based at its API root (Docmost's `api`). */
      readonly axios: AxiosLikeClient;
    }
  | {
      /** Default: the global `fetch`. Requests are same-origin with cookies, as Docmost's client sends them. */
      readonly fetch?: FetchFunction;
      /** The API root routes are appended to. Default `/api`, Docmost's. */
      readonly baseUrl?: string;
      /** Extra headers per request (read at each request), e.g. a bearer token. Default none. */
      readonly headers?: () => Readonly<Record<string, string>>;
    };

/**
 * Docmost's server wraps every JSON answer as `{ data, success, status }`, and its axios client
 * hands that object on; a host without the interceptor answers the bare value.
 */
function unwrapEnvelope(body: unknown): unknown {
  if (
    typeof body === 'object' &&
    body !== null &&
    'data' in body &&
    typeof (body as { success?: unknown }).success === 'boolean'
  )
    return (body as { data: unknown }).data;
  return body;
}

/**
 * The body of what an axios `post` resolved to: the body itself when a response interceptor hands
 * it on (Docmost's does), or axios's own response object (`data`, `status`, `headers`,
 * `config`) from an instance without one.
 */
function bodyOfAxiosAnswer(answer: unknown): unknown {
  if (
    typeof answer === 'object' &&
    answer !== null &&
    'data' in answer &&
    'headers' in answer &&
    'config' in answer &&
    typeof (answer as { status?: unknown }).status === 'number'
  )
    return (answer as { data: unknown }).data;
  return answer;
}

/** The server's explanation in a NestJS error body (`message`: a string or a list of them). */
function messageOf(body: unknown, fallback: string): string {
  const message = (body as { message?: unknown } | null | undefined)?.message;
  if (Array.isArray(message)) return message.map(String).join('; ');
  if (typeof message === 'string' && message !== '') return message;
  return fallback;
}

function fromAxios(client: AxiosLikeClient): AiToolsApi {
  return {
    async post<Answer>(route: string, body?: unknown): Promise<Answer> {
      try {
        return unwrapEnvelope(
          bodyOfAxiosAnswer(await client.post(route, body)),
        ) as Answer;
      } catch (error) {
        const response = (
          error as { response?: { status?: number; data?: unknown } }
        ).response;
        if (response?.status === undefined)
          throw new AiToolsApiError(
            `The server could not be reached (${(error as Error).message}).`,
            undefined,
          );
        throw new AiToolsApiError(
          messageOf(response.data, `HTTP ${response.status}`),
          response.status,
        );
      }
    },
  };
}

function fromFetch(
  fetchFunction: FetchFunction,
  baseUrl: string,
  headers: () => Readonly<Record<string, string>>,
): AiToolsApi {
  return {
    async post<Answer>(route: string, body?: unknown): Promise<Answer> {
      let response: Response;
      try {
        response = await fetchFunction(`${baseUrl}${route}`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: {
            ...headers(),
            ...(body === undefined
              ? {}
              : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      } catch (error) {
        throw new AiToolsApiError(
          `The server could not be reached (${(error as Error).message}).`,
          undefined,
        );
      }
      const text = await response.text();
      let parsed: unknown = undefined;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        // A proxy's HTML error page: the status says enough.
      }
      if (!response.ok)
        throw new AiToolsApiError(
          messageOf(
            parsed,
            `HTTP ${response.status} ${response.statusText}`.trim(),
          ),
          response.status,
        );
      return unwrapEnvelope(parsed) as Answer;
    },
  };
}

/**
 * An `AiToolsApi` over the host's own transport: `{ axios: api }` in Docmost's client, or
 * `{ fetch, baseUrl, headers }` anywhere else.
 */
export function createAiToolsApi(options: CreateAiToolsApiOptions): AiToolsApi {
  if ('axios' in options) return fromAxios(options.axios);
  return fromFetch(
    options.fetch ?? ((input, init) => fetch(input, init)),
    options.baseUrl ?? '/api',
    options.headers ?? (() => ({})),
  );
}
