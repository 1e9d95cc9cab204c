import { PAGE_NOT_FOUND } from '../../../src/access';
import { sql } from 'kysely';
import { SEED_IDS, SEED_NODE_IDS } from '../../../host/seed/seed-ids';
import type {
  TransformPagePreview,
  TransformPageWrite,
} from '../../../src/tools/content';
import { extractText } from '../../../src/document';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../../support/seeded-tools';

const P = SEED_IDS.pages;

/** Fixes the seeded typos of the release notes in every text node. */
const FIX_TYPOS = `(doc, ctx) => {
  const fixes = { recieve: 'receive', seperate: 'separate', occured: 'occurred', teh: 'the' };
  ctx.walk(doc, (node) => {
    if (node.type === 'text') node.text = node.text.replace(/\\b(recieve|seperate|occured|teh)\\b/g, (word) => fixes[word]);
  });
  return doc;
}`;

describe('transformPage', () => {
  let database: TestDatabase;
  let tools: SeededTools;

  beforeAll(async () => {
    database = await createTestDatabase();
    tools = seededTools(database.db, {
      sandbox: { timeLimitMs: 300, memoryLimitBytes: 16 * 1024 * 1024 },
    });
  });

  afterAll(async () => {
    await database?.drop();
  });

  describe('dry run (the default)', () => {
    it('previews the text changes and the version it ran on, and writes nothing', async () => {
      const before = await tools.page(P.releaseNotes);
      const preview = await tools.call<TransformPagePreview>('transformPage', {
        pageId: P.releaseNotes,
        script: FIX_TYPOS,
      });

      expect(preview).toMatchObject({
        dryRun: true,
        written: false,
        changed: true,
        version: before.version,
        addedLines: 2,
        removedLines: 2,
        warnings: [],
      });
      expect(preview.changes).toEqual([
        {
          type: 'changed',
          before: expect.stringContaining('admins now recieve a weekly digest'),
          after: expect.stringContaining('admins now receive a weekly digest'),
        },
        {
          type: 'changed',
          before: 'Search results now show teh page path under each title.',
          after: 'Search results now show the page path under each title.',
        },
      ]);
      expect(preview.blocks).toEqual({
        before: 7,
        after: 7,
        unchanged: 5,
        modified: 2,
        added: 0,
        removed: 0,
      });
      expect(preview.next).toContain(
        `dryRun false and baseVersion "${before.version}"`,
      );
      expect(await tools.page(P.releaseNotes)).toEqual(before);
    });

    it('warns when the result loses an image, a link or a comment anchor', async () => {
      const preview = await tools.call<TransformPagePreview>('transformPage', {
        pageId: P.designPrinciples,
        script:
          '(doc) => { doc.content = doc.content.filter((block) => block.type !== "image"); return doc; }',
      });
      expect(preview.integrity.images).toEqual({ from: 1, to: 0 });
      expect(preview.warnings).toEqual(['images: 1 -> 0 (1 fewer in "to")']);
      expect(preview.changes).toEqual([]);
      expect(preview.blocks).toMatchObject({ removed: 1 });

      const roadmap = await tools.call<TransformPagePreview>('transformPage', {
        pageId: P.roadmap,
        script:
          '(doc, ctx) => { ctx.walk(doc, (node) => { if (node.marks) node.marks = node.marks.filter((mark) => mark.type !== "comment"); }); return doc; }',
      });
      expect(roadmap.integrity.commentAnchors.to).toBe(0);
      expect(roadmap.warnings).toEqual([
        expect.stringMatching(/^commentAnchors: [1-9]\d* -> 0/),
      ]);
    });

    it('says when the script changes nothing', async () => {
      const preview = await tools.call<TransformPagePreview>('transformPage', {
        pageId: P.pricing,
        script: '(doc) => doc',
      });
      expect(preview).toMatchObject({
        changed: false,
        changes: [],
        next: 'The script changed nothing; there is nothing to write.',
      });
    });

    it('returns what the script logged', async () => {
      const preview = await tools.call<TransformPagePreview>('transformPage', {
        pageId: P.pricing,
        script:
          '(doc, ctx) => { console.log("tables", ctx.find(doc, (node) => node.type === "table").length, ctx.title); return doc; }',
      });
      expect(preview.logs).toEqual(['tables 1 Pricing and Plans']);
    });
  });

  describe('write (dryRun false)', () => {
    it("writes the previewed result with the dry run's version: text_content, a history row, a new version", async () => {
      const preview = await tools.call<TransformPagePreview>('transformPage', {
        pageId: P.releaseNotes,
        script: FIX_TYPOS,
      });
      const before = await tools.page(P.releaseNotes);

      const written = await tools.call<TransformPageWrite>(
        'transformPage',
        {
          pageId: P.releaseNotes,
          script: FIX_TYPOS,
          dryRun: false,
          baseVersion: preview.version,
        },
        'admin',
      );

      const after = await tools.page(P.releaseNotes);
      expect(written).toMatchObject({
        dryRun: false,
        written: true,
        changed: true,
        version: after.version,
        historyId: expect.any(String),
        addedLines: 2,
        removedLines: 2,
      });
      expect(after.version).not.toBe(before.version);
      expect(after.historyCount).toBe(before.historyCount + 1);
      expect(after.lastUpdatedById).toBe(SEED_IDS.users.admin);
      expect(after.textContent).toBe(extractText(after.content));
      expect(after.textContent).toContain(
        'admins now receive a weekly digest, comments can be moved to a separate thread, and an error that occurred',
      );
      expect(after.textContent).not.toMatch(/\bteh\b/);
      // Block ids survive the round trip through the sandbox.
      expect(JSON.stringify(after.content)).toContain(
        SEED_NODE_IDS.releaseNotesTypoParagraph,
      );
    });

    it('writes without baseVersion against the version read at the start of the call', async () => {
      const before = await tools.page(P.onboarding);
      const written = await tools.call<TransformPageWrite>('transformPage', {
        pageId: P.onboarding,
        script:
          '(doc, ctx) => { doc.content.push(ctx.paragraph("Questions? Ask in #help.")); return doc; }',
        dryRun: false,
      });
      const after = await tools.page(P.onboarding);
      expect(written).toMatchObject({
        written: true,
        generatedIds: 0,
        blocks: { added: 1 },
      });
      expect(after.historyCount).toBe(before.historyCount + 1);
      expect(after.textContent?.endsWith('Questions? Ask in #help.')).toBe(
        true,
      );
    });

    it('generates the block ids a script leaves out', async () => {
      const written = await tools.call<TransformPageWrite>('transformPage', {
        pageId: P.engineeringSetup,
        script:
          '(doc) => { doc.content.push({ type: "paragraph", content: [{ type: "text", text: "Added by a script." }] }); return doc; }',
        dryRun: false,
      });
      expect(written.generatedIds).toBe(1);
      const last = (await tools.page(P.engineeringSetup)).content.content!.at(
        -1,
      )!;
      expect(last.attrs?.id).toMatch(/^[a-z]{12}$/);
    });

    it('writes nothing when the script changes nothing', async () => {
      const before = await tools.page(P.pricing);
      const result = await tools.call<TransformPageWrite>('transformPage', {
        pageId: P.pricing,
        script: '(doc) => doc',
        dryRun: false,
      });
      expect(result).toMatchObject({
        written: false,
        changed: false,
        version: before.version,
        historyId: null,
      });
      expect(await tools.page(P.pricing)).toEqual(before);
    });

    it('refuses a stale baseVersion with a conflict and leaves the page as the human left it', async () => {
      const preview = await tools.call<TransformPagePreview>('transformPage', {
        pageId: P.meetingNotes,
        script:
          '(doc, ctx) => { doc.content.push(ctx.paragraph("From the agent")); return doc; }',
      });
      // A human saves in the editor after the preview.
      await database.db
        .updateTable('pages')
        .set({
          title: 'Meeting Notes (edited)',
          updatedAt: sql<Date>`clock_timestamp()`,
        })
        .where('id', '=', P.meetingNotes)
        .execute();
      const humanVersion = await tools.page(P.meetingNotes);

      const error = await expectToolError(
        tools.call('transformPage', {
          pageId: P.meetingNotes,
          script:
            '(doc, ctx) => { doc.content.push(ctx.paragraph("From the agent")); return doc; }',
          dryRun: false,
          baseVersion: preview.version,
        }),
      );
      expect(error.code).toBe('conflict');
      expect(error.message).toContain('nothing was written');
      expect(await tools.page(P.meetingNotes)).toEqual(humanVersion);
    });
  });

  describe('results that are not a valid document', () => {
    it('rejects an unknown node type by name, with the valid ones, and writes nothing', async () => {
      const before = await tools.page(P.weeklySync);
      const error = await expectToolError(
        tools.call('transformPage', {
          pageId: P.weeklySync,
          script:
            '(doc) => { doc.content.push({ type: "widget", attrs: {} }); return doc; }',
          dryRun: false,
        }),
      );
      expect(error.code).toBe('invalid_input');
      expect(error.message).toMatch(
        /^the document the script returned is not valid for Docmost's editor: unknown node type "widget" at the document the script returned\.content\[\d+\]/,
      );
      expect(error.message).toContain('Valid node types: doc, paragraph');
      expect(await tools.page(P.weeklySync)).toEqual(before);
    });

    it('rejects misplaced nodes and unknown marks', async () => {
      const listItem = await expectToolError(
        tools.call('transformPage', {
          pageId: P.weeklySync,
          script:
            '(doc) => { doc.content.push({ type: "listItem", content: [{ type: "paragraph" }] }); return doc; }',
        }),
      );
      expect(listItem.message).toContain('a listItem can only be inside');
      const mark = await expectToolError(
        tools.call('transformPage', {
          pageId: P.weeklySync,
          script:
            '(doc, ctx) => { ctx.find(doc, (n) => n.type === "text")[0].marks = [{ type: "glitter" }]; return doc; }',
        }),
      );
      expect(mark.message).toContain('unknown mark type "glitter"');
    });

    it('says what came back when it is not a document', async () => {
      const blocks = await expectToolError(
        tools.call('transformPage', {
          pageId: P.weeklySync,
          script: '(doc) => doc.content',
        }),
      );
      expect(blocks.message).toBe(
        'The transform script returned an array (blocks go in doc.content); it must return the whole document { type: "doc", content: [...] } (e.g. `return doc;`). Nothing was written.',
      );
      const block = await expectToolError(
        tools.call('transformPage', {
          pageId: P.weeklySync,
          script: '(doc) => doc.content[0]',
        }),
      );
      expect(block.message).toContain('returned a node of type "heading"');
      const nothing = await expectToolError(
        tools.call('transformPage', {
          pageId: P.weeklySync,
          script: '(doc) => { doc.content.reverse(); }',
        }),
      );
      expect(nothing.message).toContain(
        'the function returned undefined: return the document',
      );
    });
  });

  describe('script failures reach the model as tool errors, and the server keeps serving', () => {
    it('a syntax error with its line and column', async () => {
      const error = await expectToolError(
        tools.call('transformPage', {
          pageId: P.weeklySync,
          script: '(doc) => {\n  return doc.content.map(;\n}',
        }),
      );
      expect(error.code).toBe('invalid_input');
      expect(error.message).toMatch(
        /^The transform script failed: SyntaxError at line 2, column \d+: .+ Nothing was written\.$/,
      );
      expect(error.details).toMatchObject({ kind: 'syntax', line: 2 });
    });

    it("the script's own exception, with what it logged", async () => {
      const error = await expectToolError(
        tools.call('transformPage', {
          pageId: P.weeklySync,
          script:
            '(doc) => { console.log("start"); throw new Error("no table here"); }',
        }),
      );
      expect(error.message).toBe(
        'The transform script failed: the script threw Error: no table here (line 1, column 49). Nothing was written. Its console output before the failure: ["start"].',
      );
    });

    it('an endless loop and a memory bomb hit the limits; the next call works', async () => {
      const before = await tools.page(P.weeklySync);
      const loop = await expectToolError(
        tools.call('transformPage', {
          pageId: P.weeklySync,
          script: '(doc) => { while (true) {} }',
          dryRun: false,
        }),
      );
      expect(loop.code).toBe('limit_exceeded');
      expect(loop.message).toContain('did not finish within 300 ms');
      const bomb = await expectToolError(
        tools.call('transformPage', {
          pageId: P.weeklySync,
          script:
            '(doc) => { const all = []; for (;;) all.push("x".repeat(1 << 20) + all.length); }',
          dryRun: false,
        }),
      );
      expect(bomb.code).toBe('limit_exceeded');
      expect(bomb.message).toContain('more than 16 MiB of memory');
      expect(await tools.page(P.weeklySync)).toEqual(before);

      const preview = await tools.call<TransformPagePreview>('transformPage', {
        pageId: P.weeklySync,
        script: '(doc) => doc',
      });
      expect(preview.version).toBe(before.version);
    });

    it('has no way out of the sandbox', async () => {
      const preview = await tools.call<TransformPagePreview>('transformPage', {
        pageId: P.weeklySync,
        script:
          '(doc, ctx) => { console.log(typeof require, typeof process, typeof globalThis.process, typeof fetch, typeof setTimeout); return doc; }',
      });
      expect(preview.logs).toEqual([
        'undefined undefined undefined undefined undefined',
      ]);
    });
  });

  describe('access', () => {
    it('gives the member the missing-page answer on a Leadership page', async () => {
      const before = await tools.page(P.strategy);
      const denied = await expectToolError(
        tools.call(
          'transformPage',
          { pageId: P.strategy, script: '(doc) => doc' },
          'member',
        ),
      );
      const missingId = '5eed0007-0000-4000-8000-0000000000ff';
      const missing = await expectToolError(
        tools.call(
          'transformPage',
          { pageId: missingId, script: '(doc) => doc' },
          'member',
        ),
      );
      expect(denied.code).toBe('not_found');
      expect(denied.message).toBe(`page ${P.strategy} ${PAGE_NOT_FOUND}`);
      expect(missing.message).toBe(`page ${missingId} ${PAGE_NOT_FOUND}`);
      const written = await expectToolError(
        tools.call(
          'transformPage',
          {
            pageId: P.strategy,
            script: '(doc) => { doc.content = []; return doc; }',
            dryRun: false,
          },
          'member',
        ),
      );
      expect(written.message).toBe(denied.message);
      expect(await tools.page(P.strategy)).toEqual(before);
    });

    it('lets the member write a Product page through the Writers group', async () => {
      const preview = await tools.call<TransformPagePreview>(
        'transformPage',
        {
          pageId: P.supportPlaybook,
          script:
            '(doc, ctx) => { doc.content.push(ctx.paragraph("x")); return doc; }',
        },
        'member',
      );
      expect(preview.changed).toBe(true);
    });

    describe('a reader', () => {
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

      it('is refused the write and the dry run alike, before the script runs', async () => {
        const before = await tools.page(P.supportPlaybook);
        for (const dryRun of [false, true]) {
          const error = await expectToolError(
            tools.call(
              'transformPage',
              {
                pageId: P.supportPlaybook,
                script: '(doc) => { while (true) {} }',
                dryRun,
              },
              'member',
            ),
          );
          expect(error.code).toBe('forbidden');
          expect(error.message).toMatch(
            /read-only access \(role "reader"\).*writer or admin/,
          );
        }
        expect(await tools.page(P.supportPlaybook)).toEqual(before);
      });
    });
  });
});
