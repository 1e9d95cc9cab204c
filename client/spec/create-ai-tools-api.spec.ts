import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import { AiToolsApiError, createAiToolsApi, type AiToolsApi } from '../index';

/**
 * The transport against a real HTTP server answering as Docmost's server does (every JSON body
 * wrapped as `{ data, success, status }` by its global interceptor; NestJS error bodies), or bare
 * as the reference host does; through a real axios instance set up as Docmost's client sets up
 * its `api` (base `/api`, a response interceptor returning the body), and through `fetch`.
 */
let server: Server;
let origin: string;
const seen: { url: string; body: string; authorization?: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({
        url: request.url ?? '',
        body,
        authorization: request.headers.authorization,
      });
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      switch (request.url) {
        case '/api/ai-tools/settings/info':
          return answer(200, {
            data: { deferredTools: false },
            success: true,
            status: 200,
          });
        case '/bare/ai-tools/settings/info':
          return answer(200, { deferredTools: true });
        case '/api/ai-tools/settings/update':
          return answer(403, {
            message:
              'Only workspace owners and admins can change AI settings; your role is "member"',
            error: 'Forbidden',
            statusCode: 403,
          });
        case '/api/ai-tools/settings/bad':
          return answer(400, {
            message: ['deferredTools: expected a boolean', 'second problem'],
            error: 'Bad Request',
            statusCode: 400,
          });
        default:
          response.writeHead(502, { 'content-type': 'text/html' });
          return response.end('<html>Bad gateway</html>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
});

/** Docmost's `api` (apps/client/src/lib/api-client.ts), with this server as its origin. */
function docmostAxios() {
  const api = axios.create({ baseURL: `${origin}/api`, withCredentials: true });
  api.interceptors.response.use((response) => response.data);
  return api;
}

async function failure(promise: Promise<unknown>): Promise<AiToolsApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AiToolsApiError);
    return error as AiToolsApiError;
  }
  throw new Error('expected the request to fail');
}

describe.each<[string, () => AiToolsApi]>([
  ['axios (Docmost)', () => createAiToolsApi({ axios: docmostAxios() })],
  [
    'axios without an interceptor',
    () =>
      createAiToolsApi({ axios: axios.create({ baseURL: `${origin}/api` }) }),
  ],
  ['fetch', () => createAiToolsApi({ baseUrl: `${origin}/api` })],
])('createAiToolsApi over %s', (_name, make) => {
  it("POSTs JSON and unwraps Docmost's envelope", async () => {
    const api = make();
    expect(await api.post('/ai-tools/settings/info')).toEqual({
      deferredTools: false,
    });
    expect(seen[0]!.url).toBe('/api/ai-tools/settings/info');
  });

  it("keeps the server's status and message when it refuses", async () => {
    const api = make();
    const refused = await failure(
      api.post('/ai-tools/settings/update', { deferredTools: false }),
    );
    expect(refused.status).toBe(403);
    expect(refused.isNetworkError).toBe(false);
    expect(refused.message).toBe(
      'Only workspace owners and admins can change AI settings; your role is "member"',
    );
    expect(JSON.parse(seen[0]!.body)).toEqual({ deferredTools: false });

    const bad = await failure(api.post('/ai-tools/settings/bad', {}));
    expect(bad.status).toBe(400);
    expect(bad.message).toBe(
      'deferredTools: expected a boolean; second problem',
    );

    const proxy = await failure(api.post('/ai-tools/settings/elsewhere'));
    expect(proxy.status).toBe(502);
    expect(proxy.message).toMatch(/^HTTP 502/);
  });
});

it('answers a bare body as it is through axios, with or without the interceptor', async () => {
  const docmost = docmostAxios();
  docmost.defaults.baseURL = `${origin}/bare`;
  for (const client of [docmost, axios.create({ baseURL: `${origin}/bare` })])
    expect(
      await createAiToolsApi({ axios: client }).post('/ai-tools/settings/info'),
    ).toEqual({ deferredTools: true });
});

it('answers a bare body as it is, and sends the headers a host gives per request', async () => {
  let token = 'first';
  const api = createAiToolsApi({
    baseUrl: `${origin}/bare`,
    headers: () => ({ authorization: `Bearer ${token}` }),
  });
  expect(await api.post('/ai-tools/settings/info')).toEqual({
    deferredTools: true,
  });
  token = 'second';
  await api.post('/ai-tools/settings/info');
  expect(seen.map((request) => request.authorization)).toEqual([
    'Bearer first',
    'Bearer second',
  ]);
});

it('reports a server that cannot be reached as a network error, without a status', async () => {
  // A port nothing listens on: the connection is refused.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  for (const api of [
    createAiToolsApi({ baseUrl: `http://127.0.0.1:${port}/api` }),
    createAiToolsApi({
      axios: axios.create({ baseURL: `http://127.0.0.1:${port}/api` }),
    }),
  ]) {
    const unreachable = await failure(api.post('/ai-tools/settings/info'));
    expect(unreachable.status).toBeUndefined();
    expect(unreachable.isNetworkError).toBe(true);
    expect(unreachable.message).toMatch(/^The server could not be reached/);
  }
});
