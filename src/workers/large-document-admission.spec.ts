import { ToolError } from '../ground';
import { HeavyWorkPool } from './';
import { TOOL_HEAVY_TASKS } from '../heavy-tasks';
import {
  admitLargeDocument,
  admitLargeInput,
  boundedJsonSize,
  withToolCallScope,
} from './large-document-admission';

describe('boundedJsonSize', () => {
  it('counts strings, keys and values of any JSON, about as many characters as the JSON', () => {
    const value = { type: 'doc', content: [{ type: 'text', text: 'hello' }] };
    const size = boundedJsonSize(value, Number.POSITIVE_INFINITY);
    expect(size).toBeGreaterThanOrEqual(JSON.stringify(value).length - 10);
    expect(size).toBeLessThanOrEqual(JSON.stringify(value).length + 20);
  });

  it('stops counting at the bound, however large the value', () => {
    const huge = {
      content: Array.from({ length: 100_000 }, () => 'x'.repeat(100)),
    };
    const size = boundedJsonSize(huge, 1_000);
    expect(size).toBeGreaterThanOrEqual(1_000);
    expect(size).toBeLessThan(1_200);
  });
});

describe('admission of tool calls on large documents', () => {
  // Two threads: one user runs one such call at a time; one more may wait, the next is refused.
  const pool = new HeavyWorkPool(TOOL_HEAVY_TASKS, {
    threads: 2,
    largeDocumentChars: 1_000,
    maxLargeDocumentCallsPerUser: 2,
    maxQueueWaitMs: 200,
  });
  const scope = { heavyWork: pool, userId: 'u1', toolName: 'updatePageJson' };
  const largeInput = { content: 'x'.repeat(2_000) };

  it('admits one call per user at a time, queues the next and refuses one more at once', async () => {
    let releaseFirst!: () => void;
    const first = withToolCallScope(scope, async () => {
      await admitLargeInput(largeInput);
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      return 'first';
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = withToolCallScope(scope, async () => {
      await admitLargeInput(largeInput);
      return 'second';
    });
    const third = withToolCallScope(scope, async () => {
      await admitLargeInput(largeInput);
      return 'third';
    }).catch((error: unknown) => error);
    const refused = await third;
    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as ToolError).message).toContain(
      'updatePageJson with an input of 1 thousand characters or more was refused: you already have 2 tool calls on large pages (1,000 characters or more) running or waiting',
    );
    releaseFirst();
    expect(await first).toBe('first');
    expect(await second).toBe('second');
  });

  it('takes one slot per call, whether its input or the pages it reads are large', async () => {
    const answers = await Promise.all(
      [0, 1].map(() =>
        withToolCallScope(scope, async () => {
          await admitLargeInput(largeInput);
          await admitLargeDocument({ chars: 5_000 }, 'page-1');
          await admitLargeDocument({ chars: 5_000 }, 'page-2');
          return 'done';
        }),
      ),
    );
    expect(answers).toEqual(['done', 'done']);
  });

  it('admits nothing below the size, or outside a tool call', async () => {
    await expect(
      withToolCallScope(scope, async () => {
        await admitLargeInput({ content: 'small' });
        await admitLargeDocument({ chars: 999 }, 'page-1');
        return 'small';
      }),
    ).resolves.toBe('small');
    await expect(
      admitLargeDocument({ chars: 5_000 }, 'page-1'),
    ).resolves.toBeUndefined();
  });
});
