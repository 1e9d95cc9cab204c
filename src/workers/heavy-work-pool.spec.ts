import { ToolError } from '../registry/tool-error';
import type { ProseMirrorNode } from '../tools/prosemirror/prosemirror-node';
import { HeavyWorkPool } from './heavy-work-pool';

const DOCUMENT: ProseMirrorNode = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      attrs: { id: 'aaaaaaaaaaaa' },
      content: [{ type: 'text', text: 'Hello world' }],
    },
  ],
};

/** A script the sandbox's time limit cannot stop: QuickJS's indexOf is one uninterruptible C call, O(n·m). */
const STALLING_SCRIPT =
  '(doc) => { const s = "a".repeat(5000000); s.indexOf("a".repeat(5000) + "b"); return doc; }';

function transformInput(script: string) {
  return {
    script,
    document: DOCUMENT,
    pageId: 'page-1',
    title: 'Title',
    sandbox: {},
  };
}

async function failure(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ToolError);
  return error as ToolError;
}

// Worker threads load the TypeScript worker through ts-node: the first run starts them.
jest.setTimeout(60_000);

describe('HeavyWorkPool', () => {
  const pool = new HeavyWorkPool({
    threads: 1,
    maxRunsPerUser: 1,
    deadlineMs: 20_000,
    transformDeadlineMs: 1_500,
  });
  afterAll(() => pool.destroy());

  it('runs a task in a worker started from the TypeScript source and returns its value', async () => {
    const result = await pool.run(
      'diffDocuments',
      { from: DOCUMENT, to: { type: 'doc', content: [] } },
      { userId: 'u1', label: 'diff' },
    );
    expect(result.removedLines).toBe(1);
    expect(result.changes).toEqual([
      { type: 'removed', lines: ['Hello world'] },
    ]);
  });

  it('brings a ToolError thrown in the worker back as a ToolError with its code and details', async () => {
    const error = await failure(
      pool.run(
        'transformDocument',
        transformInput('(doc) => { throw new Error("boom"); }'),
        { userId: 'u1', label: 'transform' },
      ),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('the script threw Error: boom');
    expect(error.details).toMatchObject({ kind: 'thrown' });
  });

  it('stops a run past its deadline with a limit error, replaces the worker, and runs the next task', async () => {
    const error = await failure(
      pool.run('transformDocument', transformInput(STALLING_SCRIPT), {
        userId: 'u1',
        label: 'The transform script',
        deadlineMs: 1_500,
        advice: 'Do less.',
      }),
    );
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toBe(
      'The transform script did not finish within 1500 ms and was stopped (deadline for heavy work); nothing was changed. Do less.',
    );
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
    const next = await pool.run(
      'transformDocument',
      transformInput('(doc) => doc'),
      { userId: 'u1', label: 'transform' },
    );
    expect(next.changed).toBe(false);
  });

  it('refuses a second concurrent run of one user while another user waits for the thread', async () => {
    const stalling = pool.run(
      'transformDocument',
      transformInput(STALLING_SCRIPT),
      { userId: 'u1', label: 'first', deadlineMs: 1_500 },
    );
    const refused = await failure(
      pool.run('transformDocument', transformInput('(doc) => doc'), {
        userId: 'u1',
        label: 'second',
      }),
    );
    expect(refused.details).toEqual({ reason: 'per_user_limit', limit: 1 });
    const other = pool.run(
      'transformDocument',
      transformInput('(doc) => doc'),
      { userId: 'u2', label: 'other' },
    );
    expect((await failure(stalling)).details).toMatchObject({
      reason: 'deadline',
    });
    expect((await other).changed).toBe(false);
  });

  it('runs small inputs on the calling thread and large ones in a worker', async () => {
    const small = new HeavyWorkPool({ inProcessMaxChars: 1_000 });
    expect(small.offloads(999)).toBe(false);
    expect(small.offloads(1_000)).toBe(true);
    // On the calling thread the pool starts no worker, so nothing needs destroying afterwards.
    const result = await small.runSized(
      'exportDocumentMarkdown',
      { document: DOCUMENT },
      10,
      { userId: 'u1', label: 'export' },
    );
    expect(result.markdown).toContain('Hello world');
  });
});
