/** The signed-in person, as `POST /api/auth/me` answers. */
export interface Me {
  readonly userId: string;
  readonly workspaceId: string;
  readonly role: 'owner' | 'admin' | 'member';
  readonly email: string;
}

export interface Session {
  readonly token: string;
  readonly me: Me;
}

const TOKEN_KEY = 'docmost-ai-tools.token';

/** The tab's token: per tab, so two windows can be two people. */
export const storedToken = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

/** An answer other than 2xx, with the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A JSON request to the host, as the signed-in person when `token` is given. */
export async function api<T>(
  path: string,
  options: { token?: string | null; method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined
        ? {}
        : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined
      ? {}
      : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  const json: unknown = text === '' ? undefined : JSON.parse(text);
  if (!response.ok) {
    const message =
      (json as { message?: unknown } | undefined)?.message ??
      response.statusText;
    throw new ApiError(
      response.status,
      Array.isArray(message) ? message.join('; ') : String(message),
    );
  }
  return json as T;
}

/** The collaboration server's WebSocket URL on this host. */
export function collaborationUrl(): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/collab`;
}
