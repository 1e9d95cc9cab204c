import { performance } from 'node:perf_hooks';
import {
  createCommentSignal,
  type CommentSignalSource,
} from '../../src/comment-signal';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import type { ToolOutcome } from '../../src/registry/tool-interceptor';
import type { ToolSpec } from '../../src/registry/tool-spec';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import { summarizeTail, type TailLatency } from './tail-latency';

export interface InterceptorCase {
  readonly tool: string;
  /** Size of the result as JSON, in bytes. */
  readonly resultBytes: number;
  /** The interceptor around a call whose executor answers at once, minus the bare executor call: what the signal adds, in microseconds. */
  readonly overheadMicroseconds: {
    readonly p50: number;
    readonly p95: number;
    readonly p99: number;
  };
  readonly withSignal: TailLatency;
  readonly withoutSignal: TailLatency;
}

export interface InterceptorFigures {
  /** All calls fall inside the debounce window (no count runs): what remains is the result scan and the session's bookkeeping. */
  readonly debounceMs: number;
  readonly small: InterceptorCase;
  readonly outline300KB: InterceptorCase;
  readonly pageJson300KB: InterceptorCase;
}

const TARGET_BYTES = 300 * 1024;
const PAGE_ID = '0e000000-0000-4000-8000-000000000001';

/** A source that never finds news: the count is not what is measured here. */
const IDLE_SOURCE: CommentSignalSource = {
  mode: 'grouped',
  countNewComments: async () => ({
    baseline: new Date().toISOString(),
    pages: [],
  }),
};

function specNamed(name: string): ToolSpec {
  const spec = TOOL_DEFINITIONS.find((definition) => definition.name === name);
  if (spec === undefined) throw new Error(`no tool ${name}`);
  return spec as unknown as ToolSpec;
}

/** What getPage returns for a short page. */
function smallResult(): unknown {
  return {
    pageId: PAGE_ID,
    slugId: 'a1b2c3d4',
    title: 'Roadmap',
    version: '2026-01-01T00:00:00.000Z',
    text: '[#0 heading] Roadmap\n[#1 paragraph] Ship offline sync in Q3, then pricing tiers.',
  };
}

/** What getOutline returns for a long page: one short entry per top-level block, about 300 KB of them. */
function outlineResult(): unknown {
  const blocks: unknown[] = [];
  let bytes = 0;
  for (let index = 0; bytes < TARGET_BYTES; index++) {
    const entry = {
      index,
      id: `blk${String(index).padStart(9, '0')}`,
      type: index % 10 === 0 ? 'heading' : 'paragraph',
      text: `Section ${index}: the quarterly roadmap review notes about pricing, onboarding and sync`,
    };
    bytes += JSON.stringify(entry).length + 1;
    blocks.push(entry);
  }
  return {
    pageId: PAGE_ID,
    title: 'Handbook',
    version: '2026-01-01T00:00:00.000Z',
    blocks,
  };
}

/** What getPageJson returns for a long page: about 300 KB of ProseMirror JSON with a comment mark every 50 paragraphs. */
function pageJsonResult(): unknown {
  const content: unknown[] = [];
  let bytes = 0;
  for (let index = 0; bytes < TARGET_BYTES; index++) {
    const marks =
      index % 50 === 0
        ? [
            {
              type: 'comment',
              attrs: { commentId: `comment-${index}`, resolved: false },
            },
          ]
        : [{ type: 'bold' }];
    const paragraph = {
      type: 'paragraph',
      attrs: { id: `par${String(index).padStart(9, '0')}`, textAlign: null },
      content: [
        {
          type: 'text',
          text: `Paragraph ${index} of the handbook, about roadmap and pricing. `,
        },
        { type: 'text', marks, text: 'An anchored phrase.' },
      ],
    };
    bytes += JSON.stringify(paragraph).length + 1;
    content.push(paragraph);
  }
  // As getPageJson answers a page named by its uuid: the call's input names the page.
  return {
    title: 'Handbook',
    version: '2026-01-01T00:00:00.000Z',
    content: { type: 'doc', content },
  };
}

async function measure(
  tool: string,
  output: unknown,
  runs: number,
): Promise<InterceptorCase> {
  const signal = createCommentSignal({
    sources: { chat: IDLE_SOURCE, mcp: IDLE_SOURCE },
    debounceMs: 3_600_000,
  });
  const context: ToolCallContext = {
    userId: '0e000000-0000-4000-8000-000000000003',
    workspaceId: '0e000000-0000-4000-8000-000000000004',
    surface: 'chat',
    sessionId: `bench-${tool}`,
  };
  const outcome: ToolOutcome = { output, notices: [] };
  const next = async () => outcome;
  const invocation = {
    spec: specNamed(tool),
    input: { pageId: PAGE_ID },
    context,
  };
  // The first call opens the debounce window (and counts); every measured call falls inside it.
  await signal.intercept(invocation, next);
  for (let warm = 0; warm < 50; warm++)
    await signal.intercept(invocation, next);
  const withSignal: number[] = [];
  const withoutSignal: number[] = [];
  for (let run = 0; run < runs; run++) {
    let startedAt = performance.now();
    await next();
    withoutSignal.push(performance.now() - startedAt);
    startedAt = performance.now();
    await signal.intercept(invocation, next);
    withSignal.push(performance.now() - startedAt);
  }
  const withFigures = summarizeTail(withSignal);
  const withoutFigures = summarizeTail(withoutSignal);
  const microseconds = (milliseconds: number) =>
    Math.round(milliseconds * 10_000) / 10;
  return {
    tool,
    resultBytes: JSON.stringify(output).length,
    overheadMicroseconds: {
      p50: microseconds(withFigures.p50Ms - withoutFigures.p50Ms),
      p95: microseconds(withFigures.p95Ms - withoutFigures.p95Ms),
      p99: microseconds(withFigures.p99Ms - withoutFigures.p99Ms),
    },
    withSignal: withFigures,
    withoutSignal: withoutFigures,
  };
}

/** What the comment signal adds to a tool call inside its debounce window, on a small and on 300 KB results. */
export async function measureInterceptor(runs: {
  readonly small: number;
  readonly large: number;
}): Promise<InterceptorFigures> {
  return {
    debounceMs: 3_600_000,
    small: await measure('getPage', smallResult(), runs.small),
    outline300KB: await measure('getOutline', outlineResult(), runs.large),
    pageJson300KB: await measure('getPageJson', pageJsonResult(), runs.large),
  };
}
