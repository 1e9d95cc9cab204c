import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What reached the declining endpoint: each request's key and model name. */
export interface DecliningModelRequest {
  readonly authorization?: string;
  readonly model: string;
}

export interface DecliningModel {
  readonly server: Server;
  /** The OpenAI-compatible base URL (`…/v1`). */
  readonly baseUrl: string;
  readonly seen: readonly DecliningModelRequest[];
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible chat endpoint on loopback that declines everything ("Sorry, I can't help
 * with that.", streamed), recording what reached it.
 */
export async function startDecliningModel(): Promise<DecliningModel> {
  const seen: DecliningModelRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        model: string;
      };
      seen.push({
        authorization: request.headers.authorization,
        model: body.model,
      });
      const delta = (value: unknown, finish: string | null) =>
        `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta: value, finish_reason: finish }] })}\n\n`;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(
        delta(
          { role: 'assistant', content: "Sorry, I can't help with that." },
          null,
        ),
      );
      response.write(delta({}, 'stop'));
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
