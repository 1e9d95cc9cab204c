import { runTransformScript } from './run-transform-script';
import { failure, request, run } from './transform-script.fixture';

/** The helpers `transform-prelude.ts` gives every transform script as `ctx`, and its console. */
describe('ctx helpers', () => {
  it('text: the plain text of a node, blocks on their own lines', async () => {
    expect(
      await run('(doc, ctx) => [ctx.text(doc.content[1]), ctx.text(doc)]'),
    ).toEqual(['Hello world', 'Title\nHello world']);
  });

  it('walk visits every node depth-first with its parent and index; returning false skips children', async () => {
    expect(
      await run(
        '(doc, ctx) => { const seen = []; ctx.walk(doc, (node, parent, index) => { seen.push(node.type + ":" + (parent ? parent.type : "-") + ":" + index); }); return seen; }',
      ),
    ).toEqual([
      'doc:-:-1',
      'heading:doc:0',
      'text:heading:0',
      'paragraph:doc:1',
      'text:paragraph:0',
      'text:paragraph:1',
    ]);
    expect(
      await run(
        '(doc, ctx) => { const seen = []; ctx.walk(doc, (node) => { seen.push(node.type); return node.type !== "paragraph"; }); return seen; }',
      ),
    ).toEqual(['doc', 'heading', 'text', 'paragraph']);
  });

  it('find returns the matching nodes', async () => {
    expect(
      await run(
        '(doc, ctx) => ctx.find(doc, (node) => node.marks && node.marks.length > 0).map((node) => node.text)',
      ),
    ).toEqual(['world']);
  });

  it('newId, paragraph and heading make fresh block ids that no block of the page uses', async () => {
    const value = (await run(
      '(doc, ctx) => [ctx.newId(), ctx.newId(), ctx.paragraph("New text"), ctx.heading(2, "Section"), ctx.paragraph(), ctx.pageId]',
    )) as unknown[];
    const [first, second, paragraph, heading, empty, pageId] = value as [
      string,
      string,
      any,
      any,
      any,
      string,
    ];
    expect(first).toMatch(/^[a-z]{12}$/);
    expect(second).not.toBe(first);
    expect(paragraph).toEqual({
      type: 'paragraph',
      attrs: { id: expect.stringMatching(/^[a-z]{12}$/) },
      content: [{ type: 'text', text: 'New text' }],
    });
    expect(heading).toEqual({
      type: 'heading',
      attrs: { id: expect.stringMatching(/^[a-z]{12}$/), level: 2 },
      content: [{ type: 'text', text: 'Section' }],
    });
    expect(empty).toEqual({
      type: 'paragraph',
      attrs: { id: expect.stringMatching(/^[a-z]{12}$/) },
    });
    expect(
      new Set([
        first,
        second,
        paragraph.attrs.id,
        heading.attrs.id,
        empty.attrs.id,
        'aaaaaaaaaaaa',
        'bbbbbbbbbbbb',
      ]).size,
    ).toBe(7);
    expect(pageId).toBe('page-1');
  });

  it('heading refuses a level outside 1-6 with a message naming the helper', async () => {
    const error = await failure('(doc, ctx) => ctx.heading(7, "x")');
    expect(error.kind).toBe('thrown');
    expect(error.message).toContain(
      'ctx.heading(level, text): level must be an integer from 1 to 6, got 7',
    );
  });

  it('console.log lines come back with the result, capped', async () => {
    const result = await runTransformScript(
      request(
        '(doc) => { for (let i = 0; i < 5; i++) console.log("line", i, { n: i }); return doc; }',
      ),
      { maxLogLines: 3 },
    );
    expect(result.logs).toEqual([
      'line 0 {"n":0}',
      'line 1 {"n":1}',
      'line 2 {"n":2}',
    ]);
    expect(result.droppedLogs).toBe(2);
  });

  it('console.log limits hold when the script replaces the built-ins the console uses', async () => {
    const tamper =
      'String.prototype.slice = function () { return String(this); }; Array.prototype.join = function () { return "y".repeat(100000); };';
    const result = await runTransformScript(
      request(
        `(doc) => { ${tamper} console.log("a"); console.log("b"); console.log("c"); return doc; }`,
      ),
      { maxLogLines: 2 },
    );
    expect(result.logs).toEqual([
      'y'.repeat(500) + '...',
      'y'.repeat(500) + '...',
    ]);
    expect(result.droppedLogs).toBe(1);
    const error = await failure(
      `(doc) => { ${tamper} console.log("a"); throw new Error("stop"); }`,
    );
    expect(error.logs).toEqual(['y'.repeat(500) + '...']);
    const pushed = await runTransformScript(
      request(
        '(doc) => { Array.prototype.push = function () { this[this.length] = { not: "a line" }; return this.length; }; console.log("a"); return doc; }',
      ),
    );
    expect(pushed.logs).toEqual(['{"not":"a line"}']);
  });
});
