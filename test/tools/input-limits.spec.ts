import { PAGE_NOT_FOUND } from '../../src/access';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { sql } from 'kysely';
import type { JsonValue } from '../../src/database';
import { DEMO_PAGE_HISTORY } from '../../host/seed/demo-page-history';
import { DEMO_PAGES } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS, SEED_NODE_IDS } from '../../host/seed/seed-ids';
import { registerMcpTools } from '../../src/registry/adapters/mcp-tools';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import { MAX_READ_OUTPUT_CHARS } from '../../src/heavy-tasks';
import { type ProseMirrorNode, findNodeIssues } from '../../src/document';
import {
  connectInMemory,
  type InMemoryConnection,
} from '../registry/support/mcp-client';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  contextFor,
  expectToolError,
  seededTools,
  type SeededTools,
  type SeedUser,
} from '../support/seeded-tools';

/**
 * Issue 10, item 4: inputs and outputs without bounds. Ids of any length, script URLs and
 * undeclared attributes in JSON writes, comments by readers, and reading tools that returned
 * megabytes, checked through the registry both surfaces share and, where cheap, over MCP.
 */

const P = SEED_IDS.pages;
const C = SEED_IDS.comments;
const HUGE_ID = 'a'.repeat(9_500_000);

let database: TestDatabase;
let registry: ToolRegistry;
let call: SeededTools['call'];
let page: SeededTools['page'];

/** A real MCP client over the same registry, acting for `user`. */
async function mcpAs(user: SeedUser): Promise<InMemoryConnection> {
  const server = new McpServer({ name: 'input-limits', version: '1.0.0' });
  registerMcpTools(server, registry, contextFor(user));
  return connectInMemory(server);
}

function resultText(result: CallToolResult): string {
  return result.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n');
}

beforeAll(async () => {
  database = await createTestDatabase();

  ({ registry, call, page } = seededTools(database.db));
});
afterAll(async () => database.drop());

describe('id fields', () => {
  it('refuse a 9.5 MB id in the schema, with a short error, on the chat surface', async () => {
    for (const [tool, input] of [
      ['getPage', { pageId: HUGE_ID }],
      ['getComment', { commentId: HUGE_ID }],
      ['listPages', { spaceId: HUGE_ID }],
      ['getNode', { pageId: P.roadmap, block: HUGE_ID }],
    ] as const) {
      const error = await expectToolError(call(tool, input));
      expect(error.code).toBe('invalid_input');
      expect(error.message).toContain(
        'too long for an id: at most 128 characters',
      );
      expect(error.message.length).toBeLessThan(600);
    }
  });

  it('refuse it over MCP too, with a short error result', async () => {
    const connection = await mcpAs('owner');
    try {
      const result = (await connection.client.callTool({
        name: 'get_page',
        arguments: { pageId: HUGE_ID },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(resultText(result)).toContain('too long for an id');
      expect(connection.serverMessages.join('').length).toBeLessThan(20_000);
    } finally {
      await connection.close();
    }
  });

  it('quote at most 200 characters of a long find text', async () => {
    const find = `${'z'.repeat(1500)} end`;
    const error = await expectToolError(
      call('editPageText', { pageId: P.roadmap, find, replace: 'x' }),
    );
    expect(error.code).toBe('not_found');
    expect(error.message).toContain(
      `"${'z'.repeat(200)}… (1504 characters)" is not in the text of page`,
    );
    expect(error.message.length).toBeLessThan(600);
  });

  it('quote only a prefix of an id that is long but allowed', async () => {
    const id = `${'b'.repeat(100)}-${'c'.repeat(27)}`;
    const error = await expectToolError(call('getPage', { pageId: id }));
    expect(error.message).toBe(
      `page ${'b'.repeat(64)}… (128 characters) ${PAGE_NOT_FOUND}`,
    );
  });
});

describe('URL and attribute checks on JSON writes', () => {
  const unchanged = async (pageId: string, action: () => Promise<unknown>) => {
    const before = await page(pageId);
    const error = await expectToolError(action());
    expect(await page(pageId)).toEqual(before);
    return error;
  };

  it('refuse an attachment url, an embed src and a link href that would run script, whichever write tool carries them', async () => {
    const attachment = {
      type: 'attachment',
      attrs: { url: 'javascript:alert(1)', name: 'report.pdf' },
    };
    const json = await unchanged(P.weeklySync, () =>
      call('updatePageJson', {
        pageId: P.weeklySync,
        doc: { type: 'doc', content: [attachment] },
      }),
    );
    expect(json.message).toMatch(
      /url "javascript:alert\(1\)" uses the scheme "javascript:", which Docmost pages may not hold.* at doc\.content\[0\]\.attrs\.url/,
    );

    const embed = {
      type: 'embed',
      attrs: {
        src: 'data:text/html,<script>alert(1)</script>',
        provider: 'iframe',
      },
    };
    const inserted = await unchanged(P.weeklySync, () =>
      call('insertNode', {
        pageId: P.weeklySync,
        position: 'append',
        node: embed,
      }),
    );
    expect(inserted.message).toMatch(
      /src "data:text\/html,<script>alert\(1\)<\/script>" uses the scheme "data:".*only as an image src/,
    );

    const markdown =
      '# Notes\n\n```docmost-json\n{"type":"paragraph","content":[{"type":"text","text":"x","marks":[{"type":"link","attrs":{"href":"vbscript:msgbox(1)"}}]}]}\n```\n';
    const imported = await unchanged(P.weeklySync, () =>
      call('updatePageContent', { pageId: P.weeklySync, markdown }),
    );
    expect(imported.message).toContain(
      'href "vbscript:msgbox(1)" uses the scheme "vbscript:"',
    );
  });

  it('refuse attributes a node or mark type does not declare, naming them and the allowed ones', async () => {
    const paragraph = {
      type: 'paragraph',
      attrs: { onclick: 'alert(1)' },
      content: [{ type: 'text', text: 'Hello' }],
    };
    const patched = await unchanged(P.roadmap, () =>
      call('patchNode', {
        pageId: P.roadmap,
        nodeId: SEED_NODE_IDS.roadmapSsoParagraph,
        node: paragraph,
      }),
    );
    expect(patched.message).toContain(
      'a paragraph node has no attribute "onclick" (its attributes are id, textAlign, indent)',
    );

    const markdown =
      'Text\n\n```docmost-json\n{"type":"image","attrs":{"src":"/files/a.png","style":"position:fixed;inset:0"}}\n```\n';
    const imported = await unchanged(P.weeklySync, () =>
      call('updatePageContent', { pageId: P.weeklySync, markdown }),
    );
    expect(imported.message).toContain(
      'an image node has no attribute "style"',
    );
  });

  it('accept every seeded demo page and saved version, so a page read and written back unchanged validates', () => {
    for (const item of [...DEMO_PAGES, ...DEMO_PAGE_HISTORY])
      expect({
        id: item.id,
        issues: findNodeIssues(item.content, { label: 'doc' }),
      }).toEqual({ id: item.id, issues: [] });
  });

  it('still store Docmost attachments, images and links written with their real attributes', async () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'Spec',
              marks: [
                {
                  type: 'link',
                  attrs: {
                    href: 'https://acme.test/spec',
                    target: '_blank',
                    rel: 'noopener noreferrer nofollow',
                    class: null,
                  },
                },
              ],
            },
          ],
        },
        {
          type: 'attachment',
          attrs: {
            url: '/api/files/5eed/spec.pdf',
            name: 'spec.pdf',
            mime: 'application/pdf',
            size: 1024,
            attachmentId: '5eed',
          },
        },
        {
          type: 'image',
          attrs: {
            src: 'data:image/png;base64,iVBORw0KGgo=',
            alt: 'dot',
            align: 'center',
            width: '100%',
          },
        },
      ],
    };
    await call('updatePageJson', { pageId: P.meetingNotes, doc });
    const stored = await page(P.meetingNotes);
    expect(stored.content.content?.map((node) => node.type)).toEqual([
      'paragraph',
      'attachment',
      'image',
    ]);
  });
});

describe('comments need edit rights, as in Docmost', () => {
  beforeAll(async () => {
    await database.db
      .updateTable('spaceMembers')
      .set({ role: 'reader' })
      .where('id', '=', SEED_IDS.spaceMembers.productWriters)
      .execute();
  });
  afterAll(async () => {
    await database.db
      .updateTable('spaceMembers')
      .set({ role: 'writer' })
      .where('id', '=', SEED_IDS.spaceMembers.productWriters)
      .execute();
  });

  it("refuse a reader's reply over MCP, writing nothing", async () => {
    const count = async () =>
      (
        await database.db
          .selectFrom('comments')
          .select(sql<number>`count(*)::int`.as('count'))
          .executeTakeFirstOrThrow()
      ).count;
    const before = await count();
    const connection = await mcpAs('member');
    try {
      const result = (await connection.client.callTool({
        name: 'create_comment',
        arguments: {
          pageId: P.roadmap,
          parentCommentId: C.roadmapSso,
          content: 'Agreed.',
        },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(resultText(result)).toMatch(
        /read-only access \(role "reader"\).*commenting needs role writer or admin in its space, or a space that allows viewers to comment/,
      );
    } finally {
      await connection.close();
    }
    expect(await count()).toBe(before);
  });
});

describe('reading tools stay within the output limit', () => {
  const paragraphs = (count: number): ProseMirrorNode[] =>
    Array.from({ length: count }, (_, index) => ({
      type: 'paragraph',
      content: [
        { type: 'text', text: `Line ${index} ${'lorem ipsum '.repeat(8)}` },
      ],
    }));
  const storeContent = async (pageId: string, content: ProseMirrorNode) =>
    database.db
      .updateTable('pages')
      .set({ content: content as unknown as JsonValue })
      .where('id', '=', pageId)
      .execute();

  beforeAll(async () => {
    // 4,000 top-level paragraphs (about 600,000 characters of JSON), then one quote holding as many.
    await storeContent(P.onboarding, {
      type: 'doc',
      content: paragraphs(4000),
    });
    await storeContent(P.engineeringSetup, {
      type: 'doc',
      content: [
        { type: 'blockquote', content: paragraphs(4000) },
        ...paragraphs(2),
      ],
    });
  });

  it('getPageJson refuses a page over the limit and names the tools that read it in parts', async () => {
    const error = await expectToolError(
      call('getPageJson', { pageId: P.onboarding }),
    );
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toMatch(
      new RegExp(
        `over the limit of ${MAX_READ_OUTPUT_CHARS} for one tool result; read it in parts: getOutline .*getNode.*stashPage`,
      ),
    );
  });

  it('getOutline returns the leading blocks and says how to read on', async () => {
    const outline = await call('getOutline', { pageId: P.onboarding });
    expect(JSON.stringify(outline).length).toBeLessThanOrEqual(
      MAX_READ_OUTPUT_CHARS,
    );
    expect(outline.blocks.length).toBeGreaterThan(100);
    expect(outline.blocks.length).toBeLessThan(4000);
    expect(outline.truncated).toBe(
      `showing blocks #0–#${outline.blocks.length - 1} of 4000 to stay within the ${MAX_READ_OUTPUT_CHARS}-character output limit; read on with getPage (fromBlock ${outline.blocks.length}) or getNode "#<index>"`,
    );
    const next = await call('getPage', {
      pageId: P.onboarding,
      fromBlock: outline.blocks.length,
    });
    expect(next.content).toContain(`Line ${outline.blocks.length} `);
  });

  it('getPageHistory refuses a saved version over the limit and names diffPageVersions and restorePageVersion', async () => {
    // A write saves a history row of the large page.
    await call('editPageText', {
      pageId: P.onboarding,
      find: 'Line 0 ',
      replace: 'Line zero ',
    });
    const listed = await call('listPageHistory', { pageId: P.onboarding });
    const error = await expectToolError(
      call('getPageHistory', {
        historyId: listed.versions[0].historyId,
        format: 'json',
      }),
    );
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toMatch(
      /over the limit of 200000 for one tool result; see what changed with diffPageVersions, bring the version back with restorePageVersion/,
    );
  });

  it('getNode refuses a block over the limit and reads a small one', async () => {
    const error = await expectToolError(
      call('getNode', { pageId: P.engineeringSetup, block: '#0' }),
    );
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toContain('block #0 of page');
    expect(
      (await call('getNode', { pageId: P.engineeringSetup, block: '#1' })).text,
    ).toContain('Line 0');
  });

  it('listComments keeps the earliest whole threads and lists the ids of the rest, each readable with getComment', async () => {
    const page = await database.db
      .selectFrom('pages')
      .select(['spaceId', 'workspaceId'])
      .where('id', '=', P.pricing)
      .executeTakeFirstOrThrow();
    const ids = Array.from({ length: 40 }, () => randomUUID());
    await database.db
      .insertInto('comments')
      .values(
        ids.map((id, index) => ({
          id,
          content: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [
                  { type: 'text', text: `${index} ${'x'.repeat(9_990)}` },
                ],
              },
            ],
          } as unknown as JsonValue,
          selection: 'Pro',
          type: 'inline',
          creatorId: SEED_IDS.users.member,
          pageId: P.pricing,
          spaceId: page.spaceId,
          workspaceId: page.workspaceId,
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)),
        })),
      )
      .execute();
    const listed = await call('listComments', { pageId: P.pricing });
    expect(JSON.stringify(listed).length).toBeLessThanOrEqual(
      MAX_READ_OUTPUT_CHARS,
    );
    const shown = listed.threads.map((thread: { id: string }) => thread.id);
    expect([...shown, ...listed.omittedThreadIds]).toEqual(ids);
    expect(listed.truncated).toMatch(
      /^\d+ of 40 threads left out .* getComment/,
    );
    const omitted = await call('getComment', {
      commentId: listed.omittedThreadIds[0],
    });
    expect(omitted.text).toMatch(/^\d+ x+$/);
  });
});
