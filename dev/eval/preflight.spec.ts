import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { preflight, PreflightError } from './preflight';

async function listen(
  handler: Parameters<typeof createServer>[1],
): Promise<{ server: Server; baseUrl: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, baseUrl: `http://127.0.0.1:${port}/v1` };
}

async function refusal(promise: Promise<void>): Promise<PreflightError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PreflightError);
  return error as PreflightError;
}

describe('preflight of the eval endpoint', () => {
  it('stops on a closed port, naming it down', async () => {
    const { server, baseUrl } = await listen(() => undefined);
    await new Promise((resolve) => server.close(resolve));
    const error = await refusal(preflight({ baseUrl, model: 'm' }));
    expect(error.message).toBe(
      `the endpoint ${baseUrl} is down (connection refused)`,
    );
  });

  it('stops on a refused key and on an unknown model, and passes a working endpoint', async () => {
    const { server, baseUrl } = await listen((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const { model } = JSON.parse(body) as { model: string };
        if (request.headers.authorization !== 'Bearer good') {
          response.writeHead(401).end('{"error":"invalid api key"}');
        } else if (model !== 'served') {
          response
            .writeHead(404)
            .end(`{"error":{"message":"model '${model}' not found"}}`);
        } else {
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"choices":[{"message":{"content":"OK"}}]}');
        }
      });
    });
    try {
      expect(
        (await refusal(preflight({ baseUrl, model: 'served', apiKey: 'bad' })))
          .message,
      ).toMatch(/refuses the key \(HTTP 401\)/);
      expect(
        (
          await refusal(
            preflight({ baseUrl, model: 'missing', apiKey: 'good' }),
          )
        ).message,
      ).toMatch(/has no model "missing" \(HTTP 404/);
      await expect(
        preflight({ baseUrl, model: 'served', apiKey: 'good' }),
      ).resolves.toBeUndefined();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
