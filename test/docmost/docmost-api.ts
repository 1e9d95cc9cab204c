/**
 * A small client of Docmost's REST API as its web client uses it: JSON posts under `/api`, the
 * `authToken` cookie of the person signed in, answers in Docmost's `{ data, success, status }`
 * envelope.
 */

/** A Docmost answer: its status and its body (the envelope's `data` when enveloped). */
export interface DocmostAnswer<T = unknown> {
  readonly status: number;
  readonly data: T;
  /** The body as sent. */
  readonly body: unknown;
}

export class DocmostApiError extends Error {
  constructor(
    readonly route: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(
      `Docmost ${route} answered ${status}: ${JSON.stringify(body).slice(0, 500)}`,
    );
    this.name = 'DocmostApiError';
  }
}

export interface Person {
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

/** One person's session with a Docmost server. */
export class DocmostSession {
  constructor(
    readonly baseUrl: string,
    /** The `authToken` cookie; undefined before signing in. */
    public authToken?: string,
  ) {}

  /** POST /api/<route> with a JSON body; resolves whatever the status. */
  async post<T = unknown>(
    route: string,
    body: unknown = {},
  ): Promise<DocmostAnswer<T>> {
    const response = await fetch(`${this.baseUrl}/api/${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.authToken === undefined
          ? {}
          : { cookie: `authToken=${this.authToken}` }),
      },
      body: JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie();
    for (const cookie of setCookie) {
      const match = /^authToken=([^;]*)/.exec(cookie);
      if (match && match[1] !== '') this.authToken = match[1];
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    const enveloped =
      typeof parsed === 'object' &&
      parsed !== null &&
      'data' in parsed &&
      'success' in parsed;
    return {
      status: response.status,
      data: (enveloped ? (parsed as { data: T }).data : parsed) as T,
      body: parsed,
    };
  }

  /** POST that must answer 200 (or 201); resolves with the data, throws naming the route. */
  async call<T = unknown>(route: string, body: unknown = {}): Promise<T> {
    const answer = await this.post<T>(route, body);
    if (answer.status !== 200 && answer.status !== 201)
      throw new DocmostApiError(route, answer.status, answer.body);
    return answer.data;
  }
}

export interface DocmostWorkspace {
  readonly id: string;
  readonly name: string;
}

/** `/api/auth/setup`: the first workspace and its owner, signed in. */
export async function setUpWorkspace(
  baseUrl: string,
  owner: Person,
  workspaceName: string,
): Promise<{ session: DocmostSession; workspace: DocmostWorkspace }> {
  const session = new DocmostSession(baseUrl);
  const workspace = await session.call<DocmostWorkspace>('auth/setup', {
    ...owner,
    workspaceName,
  });
  if (session.authToken === undefined)
    throw new Error(
      'Docmost set up the workspace but sent no authToken cookie',
    );
  return { session, workspace };
}

/** `/api/auth/login`. */
export async function signIn(
  baseUrl: string,
  person: Person,
): Promise<DocmostSession> {
  const session = new DocmostSession(baseUrl);
  await session.call('auth/login', {
    email: person.email,
    password: person.password,
  });
  if (session.authToken === undefined)
    throw new Error(
      `Docmost signed ${person.email} in but sent no authToken cookie`,
    );
  return session;
}

export interface DocmostSpace {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
}

export interface DocmostPage {
  readonly id: string;
  readonly slugId: string;
  readonly title: string;
  readonly spaceId: string;
}

/** The spaces the session's person belongs to. */
export async function listSpaces(
  session: DocmostSession,
): Promise<DocmostSpace[]> {
  const page = await session.call<{ items: DocmostSpace[] }>('spaces', {
    limit: 100,
  });
  return page.items;
}

export function createPage(
  session: DocmostSession,
  page: {
    spaceId: string;
    title: string;
    markdown?: string;
    /** A ProseMirror document, as Docmost's editor has it (`format: json`). */
    content?: object;
    parentPageId?: string;
  },
): Promise<DocmostPage> {
  return session.call<DocmostPage>('pages/create', {
    spaceId: page.spaceId,
    title: page.title,
    parentPageId: page.parentPageId,
    ...(page.markdown === undefined
      ? {}
      : { content: page.markdown, format: 'markdown' }),
    ...(page.content === undefined
      ? {}
      : { content: page.content, format: 'json' }),
  });
}

/** A comment of plain text on a page (Docmost's editor sends ProseMirror JSON as a string). */
export function createComment(
  session: DocmostSession,
  pageId: string,
  text: string,
): Promise<{ id: string }> {
  return session.call<{ id: string }>('comments/create', {
    pageId,
    content: JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    }),
  });
}
