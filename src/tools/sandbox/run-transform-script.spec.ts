import {
  runTransformScript,
  type TransformScriptRequest,
} from './run-transform-script';
import type { ScriptSandboxOptions } from './sandbox-options';
import { ScriptSandboxError } from './script-sandbox-error';

const DOCUMENT = {
  type: 'doc',
  content: [
    {
      type: 'heading',
      attrs: { id: 'aaaaaaaaaaaa', level: 1 },
      content: [{ type: 'text', text: 'Title' }],
    },
    {
      type: 'paragraph',
      attrs: { id: 'bbbbbbbbbbbb' },
      content: [
        { type: 'text', text: 'Hello ' },
        { type: 'text', marks: [{ type: 'bold' }], text: 'world' },
      ],
    },
  ],
};

function request(
  script: string,
  document: unknown = DOCUMENT,
): TransformScriptRequest {
  return {
    script,
    document,
    data: { pageId: 'page-1', title: 'Release notes' },
  };
}

async function run(
  script: string,
  options?: ScriptSandboxOptions,
): Promise<unknown> {
  return (await runTransformScript(request(script), options)).value;
}

async function failure(
  script: string,
  options?: ScriptSandboxOptions,
  document?: unknown,
): Promise<ScriptSandboxError> {
  const error = await runTransformScript(
    request(script, document),
    options,
  ).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ScriptSandboxError);
  return error as ScriptSandboxError;
}

describe('runTransformScript', () => {
  it('returns what the function returns, computed on a copy of the document', async () => {
    const document = structuredClone(DOCUMENT);
    const result = await runTransformScript(
      request(
        '(doc, ctx) => { doc.content[0].content[0].text = ctx.title; doc.content.pop(); return doc; }',
        document,
      ),
    );
    expect(result.value).toEqual({
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { id: 'aaaaaaaaaaaa', level: 1 },
          content: [{ type: 'text', text: 'Release notes' }],
        },
      ],
    });
    expect(document).toEqual(DOCUMENT);
  });

  it('accepts a function expression, a named function and a program ending with the function', async () => {
    expect(
      await run('function (doc) { return { type: "doc", content: [] }; }'),
    ).toEqual({ type: 'doc', content: [] });
    expect(
      await run('function transform(doc, ctx) { return doc.content.length; }'),
    ).toBe(2);
    expect(
      await run(
        'const count = (doc) => doc.content.length;\n(doc) => count(doc) * 10 // trailing comment',
      ),
    ).toBe(20);
  });

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

  describe('isolation', () => {
    it('has no host globals: no require, process, module, fetch, timers or WebAssembly', async () => {
      const probes = [
        'require',
        'process',
        'globalThis.process',
        'module',
        'exports',
        'Buffer',
        'fetch',
        'XMLHttpRequest',
        'setTimeout',
        'setInterval',
        'setImmediate',
        'queueMicrotask',
        'WebAssembly',
        'std',
        'os',
      ];
      const value = await run(
        `() => [${probes.map((probe) => `typeof ${probe}`).join(', ')}]`,
      );
      expect(value).toEqual(probes.map(() => 'undefined'));
    });

    it('cannot reach the host through constructors, eval or import', async () => {
      expect(
        await run(
          '() => [Function("return typeof process")(), (0, eval)("typeof require"), ({}).constructor.constructor("return typeof globalThis.process")()]',
        ),
      ).toEqual(['undefined', 'undefined', 'undefined']);
      // A dynamic import has no loader to resolve against, and its promise is never awaited.
      const error = await failure('() => import("node:fs")');
      expect(error.kind).toBe('result');
      expect(error.message).toContain('returned a Promise');
    });

    it('starts every run from fresh globals', async () => {
      await run(
        '() => { globalThis.leaked = "secret"; Object.prototype.polluted = 1; return 1; }',
      );
      expect(await run('() => [typeof leaked, typeof ({}).polluted]')).toEqual([
        'undefined',
        'undefined',
      ]);
    });

    it('serialises the result with the built-in JSON even when the script replaces it', async () => {
      expect(
        await run(
          '(doc) => { JSON.stringify = () => "garbage"; return { type: "doc", content: [] }; }',
        ),
      ).toEqual({ type: 'doc', content: [] });
    });
  });

  describe('errors the model can act on', () => {
    it('reports a syntax error with its line and column', async () => {
      const error = await failure(
        '(doc, ctx) => {\n  const x = 1;\n  doc.content.push(;\n  return doc;\n}',
      );
      expect(error.kind).toBe('syntax');
      expect(error.location).toEqual({ line: 3, column: 20 });
      expect(error.message).toMatch(/^SyntaxError at line 3, column 20: /);
    });

    it('keeps columns of the first line exact', async () => {
      const error = await failure('(doc) => doc +* 1');
      expect(error.location).toEqual({ line: 1, column: 15 });
    });

    it('says what the script evaluated to when it is not a function', async () => {
      const error = await failure('42');
      expect(error.kind).toBe('not_function');
      expect(error.message).toContain('it evaluated to a number');
    });

    it('reports a thrown error with its message and location, and the lines logged before it', async () => {
      const error = await failure(
        '(doc) => {\n  console.log("blocks", doc.content.length);\n  throw new TypeError("no table on this page");\n}',
      );
      expect(error.kind).toBe('thrown');
      expect(error.message).toBe(
        'the script threw TypeError: no table on this page (line 3, column 22)',
      );
      expect(error.logs).toEqual(['blocks 2']);
      expect(error.message).not.toMatch(/node_modules|\.ts:|wasm/);
    });

    it('keeps columns of a throw on the first line exact, whichever way the script was read', async () => {
      expect(
        (await failure('(doc) => { throw new Error("x"); }')).location,
      ).toEqual({ line: 1, column: 27 });
      expect(
        (await failure('const f = (doc) => { throw new Error("x"); }; f'))
          .location,
      ).toEqual({ line: 1, column: 37 });
      expect(
        (await failure('(() => { throw new Error("x"); })()')).location,
      ).toEqual({ line: 1, column: 25 });
    });

    it('reports a thrown non-error value', async () => {
      expect((await failure('() => { throw "stop"; }')).message).toBe(
        'the script threw the value stop',
      );
    });

    it('refuses a function that returns nothing or a Promise', async () => {
      const missing = await failure('(doc) => { doc.content.pop(); }');
      expect(missing.kind).toBe('result');
      expect(missing.message).toContain(
        'returned undefined: return the document',
      );
      expect((await failure('async (doc) => doc')).message).toContain(
        'async functions are not supported',
      );
    });

    it('reports a result that cannot be JSON', async () => {
      const error = await failure('(doc) => { doc.self = doc; return doc; }');
      expect(error.kind).toBe('thrown');
      expect(error.message).toContain(
        'the returned value cannot be converted to JSON',
      );
    });
  });

  describe('limits', () => {
    it('stops an endless loop at the time limit, even one that catches errors', async () => {
      const error = await failure(
        '() => { while (true) { try { for (;;) {} } catch (e) {} } }',
        { timeLimitMs: 200 },
      );
      expect(error.kind).toBe('timeout');
      expect(error.message).toContain('did not finish within 200 ms');
      expect(await run('(doc) => doc.content.length')).toBe(2);
    });

    it('stops a catastrophic regular expression at the time limit', async () => {
      expect(
        (
          await failure('() => /(a+)+$/.test("a".repeat(40) + "b")', {
            timeLimitMs: 200,
          })
        ).kind,
      ).toBe('timeout');
    });

    it('stops a memory bomb at the memory limit, and the next run works', async () => {
      const error = await failure(
        '() => { const all = []; for (;;) all.push(new Array(10000).fill(all.length)); }',
        { memoryLimitBytes: 8 * 1024 * 1024, timeLimitMs: 5_000 },
      );
      expect(error.kind).toBe('memory');
      expect(error.message).toBe(
        'the script used more than 8 MiB of memory and was stopped (memory limit)',
      );
      expect((await failure('() => "x".repeat(1e9)')).kind).toBe('memory');
      // Small objects until the instance's memory is full: QuickJS cannot even allocate the error.
      expect(
        (
          await failure(
            '() => { const all = []; for (;;) all.push({ at: [all.length] }); }',
            { memoryLimitBytes: 8 * 1024 * 1024, timeLimitMs: 5_000 },
          )
        ).kind,
      ).toBe('memory');
      expect(await run('(doc) => doc.content.length')).toBe(2);
    });

    it('stops endless recursion at the stack limit', async () => {
      const error = await failure(
        '(doc) => { const down = (n) => down(n + 1) + 1; return down(0); }',
      );
      expect(error.kind).toBe('stack');
      expect(error.message).toContain('recursed too deeply');
      const nested = await failure(
        '() => { let root = {}; let at = root; for (let i = 0; i < 100000; i++) { at.child = {}; at = at.child; } return JSON.stringify(root).length; }',
      );
      expect(nested.kind).toBe('stack');
      expect(await run('(doc) => doc.content.length')).toBe(2);
    });

    it('refuses a script, a document or a result beyond its size limit', async () => {
      const long = await failure(`(doc) => doc // ${'x'.repeat(100)}`, {
        maxScriptLength: 50,
      });
      expect(long.kind).toBe('script_too_long');
      expect(long.message).toBe(
        'the script is 116 characters long; the limit is 50',
      );
      const input = await failure('(doc) => doc', { maxDocumentLength: 100 });
      expect(input.kind).toBe('input_too_large');
      const output = await failure(
        '(doc) => ({ type: "doc", content: Array.from({ length: 100 }, () => doc.content[1]) })',
        { maxResultLength: 2048 },
      );
      expect(output.kind).toBe('result_too_large');
      expect(output.message).toMatch(
        /^the returned document is [\d.]+ KiB as JSON; the limit is 2 KiB$/,
      );
    });
  });
});
