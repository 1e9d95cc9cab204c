import { toAiSdkToolSet } from '../../src/registry/adapters/ai-sdk-tool-set';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import { SEED_IDS, SEED_NODE_IDS } from '../../host/seed/seed-ids';
import {
  CORE_TOOL_NAMES,
  TOOL_DEFINITIONS,
} from '../../src/tools/tool-definitions';
import { createDocmostExecutors } from '../../src/tools/docmost-executors';
import {
  generateWithToolCalls,
  sentToolResults,
} from './support/recording-model';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import { contextFor } from '../support/seeded-tools';
import { shownBlockId } from '../support/shown-block-id';

describe('core tools through the AI SDK surface', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('binds all 13 core tools from createDocmostExecutors', () => {
    const registry = createToolRegistry({
      specs: TOOL_DEFINITIONS,
      executors: createDocmostExecutors(database.db),
      logger: { warn: () => undefined },
    });
    expect(registry.coreTools.map((tool) => tool.spec.name)).toEqual([
      ...CORE_TOOL_NAMES,
    ]);
  });

  it('runs model tool calls as the chat user: a read, a refused edit and an edit', async () => {
    const registry = createToolRegistry({
      specs: TOOL_DEFINITIONS,
      executors: createDocmostExecutors(database.db),
      logger: { warn: () => undefined },
    });
    const toolSet = toAiSdkToolSet(
      registry,
      contextFor('member', { currentPageId: SEED_IDS.pages.releaseNotes }),
    );
    const { sent } = await generateWithToolCalls(toolSet, [
      { toolName: 'getCurrentPage', input: {}, toolCallId: 'read' },
      {
        toolName: 'editPageText',
        input: {
          pageId: SEED_IDS.pages.releaseNotes,
          find: 'teh page path',
          replace: 'the **page path**',
        },
        toolCallId: 'bold',
      },
      {
        toolName: 'editPageText',
        input: {
          pageId: SEED_IDS.pages.releaseNotes,
          find: 'teh page path',
          replace: 'the page path',
        },
        toolCallId: 'fix',
      },
    ]);
    const results = sentToolResults(sent[1]!);
    // The SDK runs one step's calls concurrently: the read may see the page before or after the fix.
    expect(JSON.stringify(results.get('read'))).toContain(
      `[${shownBlockId(SEED_NODE_IDS.releaseNotesSecondTypoParagraph)}] Search results now show`,
    );
    expect(JSON.stringify(results.get('bold'))).toMatch(
      /replace contains Markdown formatting.*patchNode/,
    );
    expect(JSON.stringify(results.get('fix'))).toContain(
      'Search results now show the page path under each title.',
    );
    const page = await database.db
      .selectFrom('pages')
      .select('textContent')
      .where('id', '=', SEED_IDS.pages.releaseNotes)
      .executeTakeFirstOrThrow();
    expect(page.textContent).toContain('show the page path');
    expect(page.textContent).not.toContain('**');
  });
});
