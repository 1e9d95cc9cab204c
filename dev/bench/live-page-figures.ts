import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { DB, JsonValue } from '../../src/database';
import { HostCollaboration } from '../../host/collaboration';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { CollaborationPages } from '../../src/collaboration';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import { extractText, type ProseMirrorNode } from '../../src/document';
import { openLiveEditor, type LiveEditor } from '../collaboration/live-editor';
import { measureNonOwnerEdit } from './cluster-live-page-figures';
import {
  closeServer,
  listeningCollaboration,
  liveToolRegistry,
} from './live-page-bench-setup';
import { percentile, summarizeLatencies, type LiveLatency } from './latency';

export interface LivePageSizeFigures {
  /** The page's document as JSON, in bytes. */
  readonly documentBytes: number;
  readonly topLevelBlocks: number;
  /** editPageText on the open page, from the call to the change arriving in a connected editor. */
  readonly writeToEditor: LiveLatency;
  /** getOutline (which reads the whole document) while the page is open in an editor (read from the live Yjs document). */
  readonly liveRead: LiveLatency;
  /** getOutline of the same page nobody has open (read from `pages.content`). */
  readonly databaseRead: LiveLatency;
}

export interface LivePageFigures {
  readonly small: LivePageSizeFigures;
  readonly large: LivePageSizeFigures;
  /**
   * editPageText through an instance other than the editor's (`measureNonOwnerEdit`), on a
   * small page; absent without `REDIS_URL`.
   */
  readonly nonOwnerEdit?: LiveLatency;
}

function withP99(samples: readonly number[]): LiveLatency {
  const sorted = [...samples].sort((left, right) => left - right);
  return {
    ...summarizeLatencies(samples),
    p99Ms: Math.round(percentile(sorted, 99) * 1000) / 1000,
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function blockId(index: number): string {
  let id = '';
  for (let rest = index, place = 0; place < 12; place++) {
    id += LETTERS[rest % 26];
    rest = Math.floor(rest / 26);
  }
  return id;
}

/** A page of `blocks` paragraphs of about 190 characters each, the first one the edit target. */
function generatedPage(blocks: number): ProseMirrorNode {
  return {
    type: 'doc',
    content: Array.from({ length: blocks }, (_, index) => ({
      type: 'paragraph',
      attrs: { id: blockId(index + 1) },
      content: [
        {
          type: 'text',
          text:
            index === 0
              ? 'marker-0 is the text the bench edits.'
              : `Paragraph ${index}: the quick brown fox jumps over the lazy dog while the agent reads the page it keeps open in the collaboration server.`,
        },
      ],
    })),
  };
}

async function insertPage(
  db: Kysely<DB>,
  content: ProseMirrorNode,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('pages')
    .values({
      id,
      slugId: `bench${id.slice(0, 8)}`,
      title: 'Live bench',
      position: 'z8',
      content: content as unknown as JsonValue,
      textContent: extractText(content),
      spaceId: SEED_IDS.spaces.product,
      workspaceId: SEED_IDS.workspace,
      creatorId: SEED_IDS.users.owner,
    })
    .execute();
  return id;
}

/** Resolves when `editor`'s document holds `text`. */
function arrival(editor: LiveEditor, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (extractText(editor.document()).includes(text)) {
        editor.doc.off('update', check);
        resolve();
      }
    };
    editor.doc.on('update', check);
    check();
  });
}

async function timeCalls(
  runs: number,
  call: (run: number) => Promise<unknown>,
): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await call(run);
    samples.push(performance.now() - started);
  }
  return samples;
}

async function measurePage(
  registry: ToolRegistry,
  context: ToolCallContext,
  collaboration: HostCollaboration,
  open: (pageId: string) => Promise<LiveEditor>,
  pageId: string,
  content: ProseMirrorNode,
  runs: number,
): Promise<LivePageSizeFigures> {
  const readJson = () => registry.call('getOutline', { pageId }, context);
  const databaseRead = await timeCalls(runs, readJson);
  const editor = await open(pageId);
  try {
    const liveRead = await timeCalls(runs, readJson);
    const writeToEditor = await timeCalls(runs, async (run) => {
      const arrived = arrival(editor, `marker-${run + 1} `);
      await registry.call(
        'editPageText',
        { pageId, find: `marker-${run} `, replace: `marker-${run + 1} ` },
        context,
      );
      await arrived;
    });
    return {
      documentBytes: Buffer.byteLength(JSON.stringify(content)),
      topLevelBlocks: content.content?.length ?? 0,
      writeToEditor: withP99(writeToEditor),
      liveRead: withP99(liveRead),
      databaseRead: withP99(databaseRead),
    };
  } finally {
    editor.close();
    await collaboration.flush();
  }
}

/**
 * Live pages: an agent edit's latency until a connected editor has it, and a live read against
 * a database read, on a small page and a ~300 KB one. A real collaboration server (the
 * reference host's Hocuspocus) on a loopback port, a real provider as the editor.
 */
export async function measureLivePages(options: {
  readonly db: Kysely<DB>;
  /** The owner's bearer token (the seed's), for the editor's connection. */
  readonly ownerToken: string;
  readonly runs?: number;
  /** A Redis for the non-owner figure (two collaboration servers on it); none: not measured. */
  readonly redisUrl?: string;
}): Promise<LivePageFigures> {
  const runs = options.runs ?? 50;
  const collaboration = new HostCollaboration({ db: options.db });
  const { server, url } = await listeningCollaboration(collaboration);
  const pages = new CollaborationPages(collaboration.pages);
  const { registry, context } = liveToolRegistry(
    options.db,
    pages,
    'bench-live',
  );
  const open = (pageId: string) =>
    openLiveEditor({ url, pageId, token: options.ownerToken });
  try {
    const small = generatedPage(12);
    const large = generatedPage(1_400);
    return {
      small: await measurePage(
        registry,
        context,
        collaboration,
        open,
        await insertPage(options.db, small),
        small,
        runs,
      ),
      large: await measurePage(
        registry,
        context,
        collaboration,
        open,
        await insertPage(options.db, large),
        large,
        Math.max(5, Math.round(runs / 2)),
      ),
      ...(options.redisUrl === undefined
        ? {}
        : {
            nonOwnerEdit: await measureNonOwnerEdit({
              db: options.db,
              redisUrl: options.redisUrl,
              ownerToken: options.ownerToken,
              pageId: await insertPage(options.db, small),
              runs,
            }),
          }),
    };
  } finally {
    await collaboration.close();
    await closeServer(server);
  }
}
