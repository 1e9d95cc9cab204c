import { inStoredKeyOrder } from '../../src/registry';
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadAppConfig } from '../../host/config/app-config';
import { createApp } from '../../host/create-app';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { TOOL_REGISTRY, type ToolRegistry } from '../../src/registry';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import { postChat, type ChatResponse } from '../chat/support/chat-test-host';
import {
  OpenAiStubServer,
  type RecordedRequest,
} from '../chat/support/openai-stub-server';
import {
  createScriptedModel,
  sentToolResults,
} from '../chat/support/scripted-model';
import type { UiMessageChunk } from '../../dev/host-chat/ui-message-stream';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  callExecutorDirectly,
  createAppWithModel,
  insertHumanComment,
  pollFor,
  withHookBeforeCall,
} from './support/chat-signal-support';

/** A tool result as the model is sent it: JSON in the key order `jsonb` stores (the chat's stored history keeps it). */
const asSent = (value: unknown): string =>
  JSON.stringify(inStoredKeyOrder(value));

const { pages, users } = SEED_IDS;

/** Tool descriptions mention "[signal] line"; only a real signal has this prefix. */
const SIGNAL_PREFIX = '[signal] new comments:';

const signalLine = (pageId: string, title: string, listTool = 'listComments') =>
  `[signal] new comments: 1 on page ${pageId} ("${title}") \u2014 call ${listTool}(pageId) for details`;

/** Text only a human comment holds: if it shows up anywhere the model or the user can see, it leaked. */
const uniqueMarker = () => `HUMAN-MARKER-${randomUUID()}`;

/** The content of the tool message answering `toolCallId` in one chat-completions request. */
function toolMessage(request: RecordedRequest, toolCallId: string): string {
  const message = request.body.messages.find(
    (entry) => entry.role === 'tool' && entry.tool_call_id === toolCallId,
  );
  if (typeof message?.content !== 'string')
    throw new Error(`no tool message for ${toolCallId} in the request`);
  return message.content;
}

/** The raw tool outputs the UI message stream delivered, by tool call id. */
function streamedOutputs(
  chunks: readonly UiMessageChunk[],
): Map<string, unknown> {
  return new Map(
    chunks
      .filter((chunk) => chunk.type === 'tool-output-available')
      .map((chunk) => [chunk.toolCallId as string, chunk.output]),
  );
}

function expectCleanTurn(response: ChatResponse): void {
  expect(response.statusCode).toBe(200);
  expect(
    response.chunks.filter(
      (chunk) => chunk.type === 'error' || chunk.type === 'tool-output-error',
    ),
  ).toEqual([]);
}

let database: TestDatabase;
let seed: SeedResult;
const member = () => seed.users.find((user) => user.role === 'member')!;
const owner = () => seed.users.find((user) => user.role === 'owner')!;

/** What a chat turn's tools run as; the session id only matters to the signal, which these calls bypass. */
function chatContext(chatId: string): ToolCallContext {
  return {
    userId: member().id,
    workspaceId: seed.workspaceId,
    surface: 'chat',
    sessionId: randomUUID(),
    chatId,
  };
}

/** The assistant message the chat stored for the turn (written when the stream ends). */
function storedAssistantMessage(chatId: string): Promise<unknown> {
  return pollFor(async () => {
    const row = await database.db
      .selectFrom('aiChatMessages')
      .select(['content', 'toolCalls', 'metadata'])
      .where('chatId', '=', chatId)
      .where('role', '=', 'assistant')
      .executeTakeFirst();
    return row;
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  seed = await seedDemoWorkspace(database.db);
});

afterAll(async () => {
  await database?.drop();
});

/** The reference host exactly as `npm start` builds it, its model an OpenAI-compatible endpoint (a local stub). */
describe('comment signal in the assembled host, against an OpenAI-compatible endpoint', () => {
  let stub: OpenAiStubServer;
  let app: NestFastifyApplication;
  let registry: ToolRegistry;
  let baseUrl: string;

  beforeAll(async () => {
    stub = await OpenAiStubServer.start();
    const config = loadAppConfig({
      AI_BASE_URL: stub.baseUrl,
      AI_MODEL: 'stub-model',
      AI_COMMENT_SIGNAL_DEBOUNCE_MS: '0',
    });
    app = await createApp({ db: database.db, config, logger: false });
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
    registry = app.get<ToolRegistry>(TOOL_REGISTRY);
  });

  afterAll(async () => {
    await app?.close();
    await stub?.close();
  });

  it('a human comment committed between two tool calls is signalled in the second result, by count and title only', async () => {
    const pageId = pages.designPrinciples;
    const marker = uniqueMarker();
    let commentId: string | undefined;
    stub.reset([
      {
        toolCalls: [
          { name: 'getOutline', arguments: { pageId }, id: 'call_outline' },
        ],
      },
      // Request #2 carries getOutline's result; the comment commits before step 2 is answered.
      async () => {
        commentId = await insertHumanComment(database.db, {
          pageId,
          creatorId: users.admin,
          text: `${marker}: the second principle contradicts the first`,
        });
        return {
          toolCalls: [
            { name: 'getPage', arguments: { pageId }, id: 'call_page' },
          ],
        };
      },
      { text: 'Someone commented on the page meanwhile.' },
    ]);

    const response = await postChat(app, member().token, {
      message: 'Review the design principles',
    });
    expectCleanTurn(response);
    expect(stub.requests).toHaveLength(3);
    const [, second, third] = stub.requests;
    const chatId = response.headers['x-chat-id'] as string;

    // A person's comment: the column default, not written by this chat.
    const comment = await database.db
      .selectFrom('comments')
      .select(['createdSource', 'aiChatId'])
      .where('id', '=', commentId!)
      .executeTakeFirstOrThrow();
    expect(comment).toEqual({ createdSource: 'user', aiChatId: null });

    // The first result: no signal, and byte-for-byte what the executor alone gives, as ai@6 renders JSON.
    const rawOutline = await callExecutorDirectly(
      registry,
      'getOutline',
      { pageId },
      chatContext(chatId),
    );
    expect(toolMessage(second!, 'call_outline')).toBe(asSent(rawOutline));
    expect(toolMessage(third!, 'call_outline')).toBe(asSent(rawOutline));

    // The second result: its own text, then the signal, as ONE string (the JSON of both parts).
    const rawPage = await callExecutorDirectly(
      registry,
      'getPage',
      { pageId },
      chatContext(chatId),
    );
    const signal = signalLine(pageId, 'Design Principles');
    const content = toolMessage(third!, 'call_page');
    expect(content).toBe(
      JSON.stringify([
        { type: 'text', text: asSent(rawPage) },
        { type: 'text', text: signal },
      ]),
    );

    // The comment's text reaches neither the model, nor the user's stream, nor the stored chat.
    for (const request of stub.requests)
      expect(request.raw).not.toContain(marker);
    expect(response.body).not.toContain(marker);
    const stored = JSON.stringify(await storedAssistantMessage(chatId));
    expect(stored).not.toContain(marker);

    // The tool outputs of the UI stream and the stored message stay raw. The person chatting
    // sees the line once, as a `signal` data part of the stream (issue 23), never stored.
    const outputs = streamedOutputs(response.chunks);
    expect(outputs.get('call_outline')).toEqual(rawOutline);
    expect(outputs.get('call_page')).toEqual(rawPage);
    const withSignal = response.chunks.filter((chunk) =>
      JSON.stringify(chunk).includes(SIGNAL_PREFIX),
    );
    expect(withSignal).toEqual([
      {
        type: 'data-signal',
        data: { toolCallId: 'call_page', toolName: 'getPage', line: signal },
      },
    ]);
    expect(stored).not.toContain(SIGNAL_PREFIX);
  });

  it("the agent's own comment in the turn is not signalled", async () => {
    const pageId = pages.pricing;
    stub.reset([
      {
        toolCalls: [
          {
            name: 'createComment',
            arguments: {
              pageId,
              content: 'Is the classroom offer still current?',
              selection: 'Classrooms use the Team plan for free.',
            },
            id: 'call_agent_comment',
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'getOutline',
            arguments: { pageId },
            id: 'call_outline_after',
          },
        ],
      },
      { text: 'Comment added.' },
    ]);

    const response = await postChat(app, member().token, {
      message: 'Ask whether the classroom offer is current',
    });
    expectCleanTurn(response);
    expect(stub.requests).toHaveLength(3);
    const chatId = response.headers['x-chat-id'] as string;

    const created = streamedOutputs(response.chunks).get(
      'call_agent_comment',
    ) as { id: string };
    const comment = await database.db
      .selectFrom('comments')
      .select(['pageId', 'createdSource', 'aiChatId'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(comment).toEqual({
      pageId,
      createdSource: 'agent',
      aiChatId: chatId,
    });

    const third = stub.requests[2]!;
    expect(toolMessage(third, 'call_agent_comment')).toBe(asSent(created));
    const rawOutline = await callExecutorDirectly(
      registry,
      'getOutline',
      { pageId },
      chatContext(chatId),
    );
    expect(toolMessage(third, 'call_outline_after')).toBe(asSent(rawOutline));
    expect(JSON.stringify(third.body.messages)).not.toContain(SIGNAL_PREFIX);
  });

  describe('over MCP', () => {
    async function connect(token: string): Promise<Client> {
      const client = new Client({ name: 'chat-signal-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      return client;
    }

    const texts = (result: Awaited<ReturnType<Client['callTool']>>) =>
      (result.content as { type: string; text: string }[]).map(
        (part) => part.text,
      );

    it('list_comments never carries the signal, and a signal is given once per change', async () => {
      const listed = pages.supportPlaybook;
      const other = pages.meetingNotes;
      const client = await connect(owner().token);
      try {
        const outline = (pageId: string) =>
          client.callTool({ name: 'get_outline', arguments: { pageId } });
        const plain = await outline(listed);
        expect(texts(plain)).toHaveLength(1);
        expect(texts(await outline(other))).toHaveLength(1);

        // News on both working-set pages; the session then lists one page's comments.
        const listedMarker = uniqueMarker();
        const otherMarker = uniqueMarker();
        await insertHumanComment(database.db, {
          pageId: listed,
          creatorId: users.admin,
          text: listedMarker,
        });
        await insertHumanComment(database.db, {
          pageId: other,
          creatorId: users.admin,
          text: otherMarker,
        });
        const listing = await client.callTool({
          name: 'list_comments',
          arguments: { pageId: listed },
        });
        expect(listing.isError).toBeFalsy();
        // The listing shows its page's comment (that is its job) and no signal, not even for the other page.
        expect(texts(listing)).toHaveLength(1);
        expect(texts(listing)[0]).toContain(listedMarker);
        expect(texts(listing)[0]).not.toContain(SIGNAL_PREFIX);

        // The next call reports the other page only: the listing covered its own page.
        const signalled = await outline(listed);
        expect(texts(signalled)).toEqual([
          texts(plain)[0],
          signalLine(other, 'Meeting Notes', 'list_comments'),
        ]);
        expect(JSON.stringify(signalled)).not.toContain(otherMarker);

        // No new comment since: the next result is exactly the plain one again.
        expect((await outline(listed)).content).toEqual(plain.content);
      } finally {
        await client.close();
      }
    });
  });
});

/**
 * The same host with `MockLanguageModelV3` as its model: what the SDK hands to any provider.
 * Anthropic and OpenAI Responses map a `content` output to one block per part; the
 * chat-completions wire (above) can only carry a string, the JSON of the parts.
 */
describe('comment signal as the AI SDK hands it to the provider', () => {
  it('the signalled result is a content output of two text parts; an unsignalled one stays plain JSON', async () => {
    const pageId = pages.onboarding;
    const marker = uniqueMarker();
    const scripted = createScriptedModel([
      {
        toolCalls: [
          {
            toolName: 'getOutline',
            input: { pageId },
            toolCallId: 'mock_outline',
          },
        ],
      },
      {
        toolCalls: [
          { toolName: 'getPage', input: { pageId }, toolCallId: 'mock_page' },
        ],
      },
      { text: 'Noted.' },
    ]);
    const model = withHookBeforeCall(scripted, async (callIndex) => {
      if (callIndex === 1)
        await insertHumanComment(database.db, {
          pageId,
          creatorId: users.admin,
          text: marker,
        });
    });
    const config = loadAppConfig({ AI_COMMENT_SIGNAL_DEBOUNCE_MS: '0' });
    const app = await createAppWithModel({ db: database.db, config, model });
    try {
      const response = await postChat(app, member().token, {
        message: 'Check the onboarding guide',
      });
      expectCleanTurn(response);
      expect(model.doStreamCalls).toHaveLength(3);
      const chatId = response.headers['x-chat-id'] as string;
      const registry = app.get<ToolRegistry>(TOOL_REGISTRY);
      const rawOutline = await callExecutorDirectly(
        registry,
        'getOutline',
        { pageId },
        chatContext(chatId),
      );
      const rawPage = await callExecutorDirectly(
        registry,
        'getPage',
        { pageId },
        chatContext(chatId),
      );

      const results = sentToolResults(model.doStreamCalls[2]!);
      expect(results.get('mock_outline')).toStrictEqual({
        toolName: 'getOutline',
        output: { type: 'json', value: rawOutline },
      });
      expect(results.get('mock_page')).toStrictEqual({
        toolName: 'getPage',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: asSent(rawPage) },
            { type: 'text', text: signalLine(pageId, 'Onboarding Guide') },
          ],
        },
      });
      expect(
        JSON.stringify(model.doStreamCalls.map((call) => call.prompt)),
      ).not.toContain(marker);
    } finally {
      await app.close();
    }
  });
});
