import { ToolError } from '../ground';
import { join } from 'node:path';
import type { ProseMirrorNode } from '../document';
import { TOOL_HEAVY_TASKS } from '../heavy-tasks';
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
  const pool = new HeavyWorkPool(TOOL_HEAVY_TASKS, {
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

  it("posts a run's input on a turn of its own: what another request scheduled runs first", async () => {
    await pool.warm();
    const order: string[] = [];
    const piscina = (
      pool as unknown as { piscina: { run(...args: unknown[]): unknown } }
    ).piscina;
    const original = piscina.run.bind(piscina);
    const post = jest
      .spyOn(piscina, 'run')
      .mockImplementation((...args: unknown[]) => {
        order.push('posted');
        return original(...args);
      });
    const running = pool.run(
      'diffDocuments',
      { from: DOCUMENT, to: DOCUMENT },
      { userId: 'u1', label: 'diff' },
    );
    setImmediate(() => order.push('another request'));
    await running;
    post.mockRestore();
    expect(order).toEqual(['another request', 'posted']);
  });

  it('runs small inputs on the calling thread and large ones in a worker', async () => {
    const small = new HeavyWorkPool(TOOL_HEAVY_TASKS, {
      inProcessMaxChars: 1_000,
    });
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

/** The package's worker after a 3 s pause at load, as a replacement worker can be on a loaded machine. */
const SLOW_START_WORKER = join(__dirname, 'testing', 'slow-start-worker.js');

describe('HeavyWorkPool whose replacement worker is slow to start', () => {
  const pool = new HeavyWorkPool(
    TOOL_HEAVY_TASKS,
    { threads: 1, maxRunsPerUser: 1, deadlineMs: 20_000 },
    SLOW_START_WORKER,
  );
  afterAll(() => pool.destroy());

  it('answers a run at its deadline counted from admission, while the worker is still starting', async () => {
    // The pool's own start (3 s) is not counted against a run.
    await pool.warm();
    const stopped = await failure(
      pool.run('transformDocument', transformInput(STALLING_SCRIPT), {
        userId: 'u1',
        label: 'first',
        deadlineMs: 1_000,
      }),
    );
    expect(stopped.details).toMatchObject({ reason: 'deadline' });
    // Its worker was terminated; the replacement takes 3 s to start. The next run does not wait
    // for it beyond its own deadline.
    const waiting = await failure(
      pool.run('transformDocument', transformInput('(doc) => doc'), {
        userId: 'u1',
        label: 'second',
        deadlineMs: 1_000,
      }),
    );
    expect(waiting.code).toBe('limit_exceeded');
    expect(waiting.message).toBe(
      'second did not start within 1000 ms (its worker was still starting) and was not run; nothing was changed. Try again in a moment.',
    );
    expect(waiting.details).toEqual({ reason: 'no_worker', deadlineMs: 1_000 });
    // Once the replacement is up, runs go on.
    const next = await pool.run(
      'transformDocument',
      transformInput('(doc) => doc'),
      { userId: 'u1', label: 'third' },
    );
    expect(next.changed).toBe(false);
  });
});
