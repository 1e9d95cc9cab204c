/**
 * How the client components reach the module's routes. One method, so a sibling component (a
 * new settings block, a figures panel) reuses the host's transport without knowing it: Docmost's
 * axios `api` client, or `fetch` with the host's headers (`createAiToolsApi`).
 */
export interface AiToolsApi {
  /**
   * POSTs `body` as JSON to `route`, a path under the host's API root (`/ai-tools/settings/info`
   * is `POST /api/ai-tools/settings/info`), and resolves to the route's answer, unwrapped from
   * Docmost's `{ data, success, status }` envelope when the server wraps it. Rejects with an
   * `AiToolsApiError` (the server's status and message, or no status when it was not reached).
   */
  post<Answer>(route: string, body?: unknown): Promise<Answer>;
}
