import { randomUUID } from 'node:crypto';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  convertToModelMessages,
  stepCountIs,
  streamText,
  type UIMessage,
} from 'ai';
import { sql } from 'kysely';
import { buildChatSystemPrompt, prepareAgentStep } from '../../host/chat';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { toAiSdkToolSet } from '../../src/registry/adapters/ai-sdk-tool-set';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import {
  CORE_TOOL_NAMES,
  TOOL_DEFINITIONS,
} from '../../src/tools/tool-definitions';
import { SEED_TOOL_CATALOG_BLOCK } from '../deferred/seed-000-texts';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  createChatTestHost,
  createEchoRegistry,
  postChat,
  type EchoCall,
} from './support/chat-test-host';
import {
  OpenAiStubServer,
  type RecordedRequest,
} from './support/openai-stub-server';
import { messageText } from '../../dev/chat-completions/chat-completions';

const MAX_STEPS = 6;
const MODEL = 'stub-model';
const API_KEY = 'stub-key';

function toolNames(request: RecordedRequest): string[] {
  return (request.body.tools ?? []).map((tool) => tool.function.name);
}

function systemText(request: RecordedRequest): string {
  const system = request.body.messages.find(
    (message) => message.role === 'system',
  );
  return system === undefined ? '' : messageText(system);
}

/** A real HTTP round trip through `@ai-sdk/openai-compatible` to a local stub endpoint. */
describe('chat against an OpenAI-compatible endpoint', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let stub: OpenAiStubServer;
  let seed: SeedResult;
  let registry: ToolRegistry;
  const calls: EchoCall[] = [];
  const member = () => seed.users.find((user) => user.role === 'member')!;

  beforeAll(async () => {
    stub = await OpenAiStubServer.start();
    database = await createTestDatabase();
    seed = await seedDemoWorkspace(database.db);
    registry = createEchoRegistry(calls);
    app = await createChatTestHost({
      db: database.db,
      registry,
      ai: {
        baseUrl: stub.baseUrl,
        apiKey: API_KEY,
        model: MODEL,
        maxSteps: MAX_STEPS,
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await stub?.close();
  });

  beforeEach(() => {
    calls.length = 0;
  });

  async function setDeferredTools(enabled: boolean): Promise<void> {
    await database.db
      .updateTable('workspaces')
      .set({ settings: { ai: { deferredTools: enabled } } })
      .where('id', '=', seed.workspaceId)
      .execute();
  }

  it('sends 13 core tools + loadTools and the verbatim catalog first, then 15 tools with getTable last', async () => {
    await setDeferredTools(true);
    stub.reset([
      {
        toolCalls: [{ name: 'loadTools', arguments: { names: ['getTable'] } }],
      },
      { text: 'Loaded.' },
    ]);
    const response = await postChat(app, member().token, {
      message: 'Read the pricing table',
    });
    expect(response.statusCode).toBe(200);

    const [first, second] = stub.requests;
    expect(toolNames(first!)).toEqual([...CORE_TOOL_NAMES, 'loadTools']);
    expect(toolNames(first!)).toHaveLength(14);
    expect(systemText(first!)).toContain(`\n${SEED_TOOL_CATALOG_BLOCK}\n`);
    expect(toolNames(second!)).toHaveLength(15);
    expect(toolNames(second!).at(-1)).toBe('getTable');
    // Provider prompt caches survive the activation: the old tools array is a byte-prefix.
    const before = JSON.stringify(first!.body.tools);
    expect(
      JSON.stringify(second!.body.tools).startsWith(before.slice(0, -1)),
    ).toBe(true);
    expect(first!.raw.includes(before)).toBe(true);
    // The message metadata names the model and counts what the turn sent it.
    expect(
      response.chunks.find((chunk) => chunk.type === 'start')?.messageMetadata,
    ).toMatchObject({ model: { id: MODEL, scripted: false } });
    const finish = response.chunks.find((chunk) => chunk.type === 'finish')
      ?.messageMetadata as { figures: Record<string, unknown> };
    expect(finish.figures).toMatchObject({
      modelRequests: 2,
      toolsActive: 15,
      deferredTools: true,
    });
    expect(finish.figures.toolTokens).toBeGreaterThan(1_000);
  });

  it('toggle OFF: the request is byte-identical to a host without deferred tools', async () => {
    await setDeferredTools(false);
    stub.reset([{ text: 'Hello.' }]);
    const message = 'Summarise the roadmap';
    const response = await postChat(app, member().token, { message });
    expect(response.statusCode).toBe(200);
    const [withFeature] = stub.requests;
    expect(toolNames(withFeature!)).toEqual(
      TOOL_DEFINITIONS.map((spec) => spec.name),
    );
    expect(systemText(withFeature!)).not.toContain('<tool_catalog');
    expect(toolNames(withFeature!)).not.toContain('loadTools');

    // The host as it was before this feature: every bound tool, no catalog, lockdown only.
    stub.reset([{ text: 'Hello.' }]);
    const user = member();
    const system = buildChatSystemPrompt({
      user: { email: user.email, role: user.role },
    });
    const userMessage: UIMessage = {
      id: randomUUID(),
      role: 'user',
      parts: [{ type: 'text', text: message }],
    };
    const messages = await convertToModelMessages([userMessage]);
    const result = streamText({
      model: createOpenAICompatible({
        baseURL: stub.baseUrl,
        apiKey: API_KEY,
        name: 'openai-compatible',
        // The same provider as the host's (which asks for usage, as Docmost's does).
        includeUsage: true,
      })(MODEL),
      system,
      messages,
      tools: toAiSdkToolSet(registry, {
        userId: user.id,
        workspaceId: seed.workspaceId,
        surface: 'chat',
        sessionId: randomUUID(),
      }),
      stopWhen: stepCountIs(MAX_STEPS),
      prepareStep: ({ stepNumber }) =>
        prepareAgentStep({ stepNumber, maxSteps: MAX_STEPS, system }),
    });
    await result.consumeStream();
    const [withoutFeature] = stub.requests;
    expect(withFeature!.raw).toBe(withoutFeature!.raw);
  });

  it("keeps an earlier turn's call of a tool that is not active now in the history, and the request is accepted", async () => {
    await setDeferredTools(true);
    stub.reset([
      {
        toolCalls: [{ name: 'loadTools', arguments: { names: ['getTable'] } }],
      },
      {
        toolCalls: [
          {
            name: 'getTable',
            arguments: { pageId: SEED_IDS.pages.pricing, table: 0 },
            id: 'call_old_table',
          },
        ],
      },
      { text: 'The table has three plans.' },
    ]);
    const first = await postChat(app, member().token, {
      message: 'Read the pricing table',
      pageId: SEED_IDS.pages.pricing,
    });
    expect(calls.map((call) => call.name)).toEqual(['getTable']);
    const chatId = first.headers['x-chat-id'] as string;
    // The chat would carry getTable into its next turn; without its memory (a chat older than
    // the memory, or a tool the carried-tools bound dropped) the tool is inactive again.
    await sql`delete from ai_tools_chat_memory where chat_id = ${chatId}::uuid`.execute(
      database.db,
    );

    stub.reset([{ text: 'Still three plans.' }]);
    const second = await postChat(app, member().token, {
      message: 'How many plans again?',
      chatId,
    });
    expect(second.statusCode).toBe(200);
    expect(second.chunks.some((chunk) => chunk.type === 'error')).toBe(false);
    expect(
      second.chunks
        .filter((chunk) => chunk.type === 'text-delta')
        .map((chunk) => chunk.delta)
        .join(''),
    ).toBe('Still three plans.');

    const [request] = stub.requests;
    expect(toolNames(request!)).not.toContain('getTable');
    const oldCall = request!.body.messages
      .flatMap((entry) => entry.tool_calls ?? [])
      .find((call) => call.id === 'call_old_table');
    expect(oldCall?.function.name).toBe('getTable');
    const oldResult = request!.body.messages.find(
      (entry) =>
        entry.role === 'tool' && entry.tool_call_id === 'call_old_table',
    );
    expect(JSON.parse(messageText(oldResult!))).toEqual({
      tool: 'getTable',
      input: { pageId: SEED_IDS.pages.pricing, table: 0 },
    });
  });

  it.each([
    [
      [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          tool_calls: [
            {
              id: 'orphan',
              type: 'function',
              function: { name: 'getTable', arguments: '{}' },
            },
          ],
        },
        { role: 'user', content: 'and?' },
      ],
      'tool calls orphan have no tool message',
    ],
    [
      [
        { role: 'user', content: 'hi' },
        { role: 'tool', tool_call_id: 'nobody', content: '{}' },
      ],
      'tool message answers no preceding tool call',
    ],
  ])(
    'stub sanity: a broken conversation is refused with 400, as OpenAI does (%#)',
    async (messages, problem) => {
      stub.reset([]);
      const response = await fetch(`${stub.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: MODEL, messages, stream: true }),
      });
      expect(response.status).toBe(400);
      expect(
        ((await response.json()) as { error: { message: string } }).error
          .message,
      ).toContain(problem);
    },
  );
});
