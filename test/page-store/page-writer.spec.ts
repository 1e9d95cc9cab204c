import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { AiToolsModule, TOOL_REGISTRY, type ToolRegistry } from '../../src';
import { RecordingPageWriter } from '../support/recording-page-writer';
import {
  contextFor,
  expectToolError,
  seededTools,
  type SeededTools,
} from '../support/seeded-tools';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import { WRITING_CASES } from './writing-cases';

/**
 * The page writer is the one way a tool changes page content: a host's writer (here a fake that
 * records calls and keeps what it was given in memory) gets every write, and the database
 * gets none of them.
 */

const P = SEED_IDS.pages;

let database: TestDatabase;
let writer: RecordingPageWriter;
let tools: SeededTools;

beforeAll(async () => {
  database = await createTestDatabase();
  writer = new RecordingPageWriter();
  tools = seededTools(database.db, { pageWriter: writer });
});
afterAll(async () => database?.drop());
beforeEach(() => {
  writer.calls.length = 0;
  writer.pages.clear();
});

describe('every content write of every tool goes through the host’s page writer', () => {
  it.each(WRITING_CASES.map((row) => [row.tool, row] as const))(
    '%s: one updatePage call with the version read and the change; the page row is untouched',
    async (tool, row) => {
      const environment = { tools, db: database.db };
      const before = await tools.page(row.pageId);
      const output = await tools.call(tool, await row.input(environment));
      const [first] = writer.calls;
      const expected = await row.expected({
        ...environment,
        before,
        output,
        written: first?.method === 'updatePage' ? first.change : undefined,
      });
      expect(writer.calls).toEqual([
        {
          method: 'updatePage',
          toolName: tool,
          pageId: row.pageId,
          version: before.version,
          change: expected,
          inTransaction: row.inTransaction ?? false,
          returned: expect.anything(),
        },
      ]);
      // What the tool reports is what the writer returned, not a version it wrote itself.
      const [call] = writer.calls;
      if (row.reportsVersion !== false)
        expect(JSON.stringify(output)).toContain(call!.returned.version);
      // A writer with no history row yet (a collaboration server) is reported as such.
      if (
        typeof output === 'object' &&
        output !== null &&
        'historyId' in output
      )
        expect((output as { historyId: unknown }).historyId).toBeNull();
      expect(await tools.page(row.pageId)).toEqual(before);
    },
  );

  it('createPage: one createPage call inside the tool’s transaction; no page row is inserted', async () => {
    const pagesBefore = await countPages();
    const output = await tools.call('createPage', {
      spaceId: SEED_IDS.spaces.product,
      parentPageId: P.meetingNotes,
      title: 'Weekly Sync 2025-06-09',
      markdown: 'Attendees: Maya.',
    });
    expect(writer.calls).toEqual([
      {
        method: 'createPage',
        toolName: 'createPage',
        page: {
          slugId: output.slugId,
          title: 'Weekly Sync 2025-06-09',
          position: output.position,
          content: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                attrs: { id: expect.any(String) },
                content: [{ type: 'text', text: 'Attendees: Maya.' }],
              },
            ],
          },
          parentPageId: P.meetingNotes,
          spaceId: SEED_IDS.spaces.product,
          workspaceId: SEED_IDS.workspace,
        },
        inTransaction: true,
        returned: expect.anything(),
      },
    ]);
    const [call] = writer.calls;
    expect(output).toMatchObject({
      pageId: call!.returned.id,
      version: call!.returned.version,
    });
    expect(await countPages()).toBe(pagesBefore);
  });

  it('the covered tools are every tool that writes a page’s content or title', () => {
    const covered = [...WRITING_CASES.map((row) => row.tool), 'createPage'];
    const notContentWrites = [
      'movePage',
      'deletePage',
      'sharePage',
      'unsharePage',
      'stashPage',
    ];
    const writing = tools.registry.tools
      .filter((tool) => !tool.spec.annotations.readOnlyHint)
      .map((tool) => tool.spec.name);
    expect([...covered, ...notContentWrites].sort()).toEqual(writing.sort());
  });

  it('a conflict the writer reports reaches the model as the conflict error', async () => {
    await tools.call('renamePage', { pageId: P.pricing, title: 'Prices' });
    const stored = await tools.page(P.pricing);
    // The stored row still has the old version; the host's page has moved on.
    const error = await expectToolError(
      tools.call('renamePage', { pageId: P.pricing, title: 'Plans' }),
    );
    const [written] = writer.calls;
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(
      `page ${P.pricing} changed since it was read (read version ${stored.version}, current ${written!.returned.version})`,
    );
    expect(writer.calls).toHaveLength(1);
  });

  it.each([
    ['movePage', { pageId: P.supportPlaybook, parentPageId: P.meetingNotes }],
    ['deletePage', { pageId: P.designPrinciples }],
    ['sharePage', { pageId: P.pricing }],
    ['stashPage', { pageId: P.pricing }],
  ] as const)(
    '%s is not a content write: the writer is not called',
    async (tool, input) => {
      await tools.call(tool, input);
      expect(writer.calls).toEqual([]);
    },
  );
});

describe('AiToolsModule.forRoot({ pageWriter })', () => {
  it('routes the tools’ writes to the host’s writer', async () => {
    const moduleWriter = new RecordingPageWriter();
    const moduleRef = await Test.createTestingModule({
      imports: [
        AiToolsModule.forRoot({
          db: database.db,
          pageWriter: moduleWriter,
          commentSignal: false,
          logger: { warn: () => undefined },
        }),
      ],
    }).compile();
    try {
      const registry = moduleRef.get<ToolRegistry>(TOOL_REGISTRY);
      const before = await tools.page(P.engineeringSetup);
      const { output } = await registry.call(
        'renamePage',
        { pageId: P.engineeringSetup, title: 'Developer Setup' },
        contextFor('member'),
      );
      expect(moduleWriter.calls).toEqual([
        expect.objectContaining({
          method: 'updatePage',
          toolName: 'renamePage',
          pageId: P.engineeringSetup,
          version: before.version,
          change: { title: 'Developer Setup' },
        }),
      ]);
      expect(output).toMatchObject({
        version: moduleWriter.calls[0]!.returned.version,
      });
      expect(await tools.page(P.engineeringSetup)).toEqual(before);
    } finally {
      await moduleRef.close();
    }
  });
});

async function countPages(): Promise<number> {
  const row = await database.db
    .selectFrom('pages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
