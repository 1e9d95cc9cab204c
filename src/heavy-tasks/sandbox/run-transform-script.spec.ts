import { runTransformScript } from './run-transform-script';
import { DOCUMENT, failure, request, run } from './transform-script.fixture';

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
