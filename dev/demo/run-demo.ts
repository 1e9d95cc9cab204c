import type { LoggerService } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LanguageModel } from 'ai';
import type { Kysely } from 'kysely';
import { loadAppConfig } from '../../host/config/app-config';
import type { DB } from '../../src/database';
import { createApp } from '../../host/create-app';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { toAiSdkToolSet } from '../../src/registry/adapters/ai-sdk-tool-set';
import { TOOL_REGISTRY } from '../../src/registry/tool-registry.token';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import { openLiveEditor, type LiveEditor } from '../collaboration/live-editor';
import {
  COLLABORATION_PATH,
  HOST_COLLABORATION,
  type HostCollaboration,
} from '../../host/collaboration';
import {
  blockFingerprint,
  extractText,
  type ProseMirrorNode,
} from '../../src/document';
import {
  DOCUMENT_FRAGMENT,
  fragmentToDocument,
} from '../../src/collaboration/yjs-document';
import { DemoError } from './demo-error';
import { insertHumanComment, removeEarlierDemoRows } from './demo-rows';
import { buildDemoTurns, type DemoTurnDefinition } from './demo-turns';
import { createScriptedAgent } from './scripted-agent';
import {
  buildTurnReport,
  sumTurnTokens,
  type DemoReport,
  type TurnReport,
} from './turn-report';
import {
  countToolTokens,
  modelFunctionTools,
  TOKEN_ENCODING,
} from '../../host/chat/tool-tokens';
import { postAsUser, postChatTurn, seedUser } from '../host-chat/host-requests';
import { readRecordedFigures } from './recorded-figures';

export interface RunDemoOptions {
  /** A migrated database. The demo seeds it (idempotent) and removes its own rows of earlier runs. */
  readonly db: Kysely<DB>;
  /** Where the database is, for the transcript. Default: "the given database". */
  readonly databaseDescription?: string;
}

/** Keeps the app's warnings and errors for the transcript instead of printing them between its lines. */
class CollectingLogger implements LoggerService {
  readonly lines: string[] = [];
  log(): void {}
  warn(message: unknown, context?: unknown): void {
    // The registry's build report names the unbound tools; the transcript header lists them already.
    if (context !== 'AiTools')
      this.lines.push(`warn ${String(context ?? '')}: ${String(message)}`);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.lines.push(`error ${String(rest.at(-1) ?? '')}: ${String(message)}`);
  }
}

function userOf(seed: SeedResult, email: string): SeedResult['users'][number] {
  const user = seedUser(seed, email);
  if (user === undefined) throw new DemoError(`the seed has no user ${email}`);
  return user;
}

/** Deferred tools must be ON for the demo; a workspace an admin switched OFF is switched back afterwards. */
async function ensureDeferredToolsOn(
  app: NestFastifyApplication,
  ownerToken: string,
): Promise<{ note?: string; restore(): Promise<void> }> {
  const info = await postAsUser(
    app,
    ownerToken,
    '/api/ai-tools/settings/info',
    {},
  );
  if (info.statusCode !== 200)
    throw new DemoError(
      `reading the workspace AI settings failed: ${info.statusCode} ${info.body}`,
    );
  if ((info.json() as { deferredTools: boolean }).deferredTools)
    return { restore: async () => undefined };
  const update = await postAsUser(
    app,
    ownerToken,
    '/api/ai-tools/settings/update',
    {
      deferredTools: true,
    },
  );
  if (update.statusCode !== 200)
    throw new DemoError(
      `turning deferred tools on failed: ${update.statusCode} ${update.body}`,
    );
  return {
    note: 'settings.ai.deferredTools was OFF in this workspace; the demo turned it ON and turns it back OFF at the end.',
    restore: async () =>
      void (await postAsUser(app, ownerToken, '/api/ai-tools/settings/update', {
        deferredTools: false,
      })),
  };
}

/** Tokens of the tools array a request would carry with every bound tool active (deferred tools OFF). */
async function allActiveToolTokens(
  registry: ToolRegistry,
  seed: SeedResult,
): Promise<number> {
  // The tools are only described here, never executed, so the context is a placeholder.
  const toolSet = toAiSdkToolSet(registry, {
    userId: seed.users[0]!.id,
    workspaceId: seed.workspaceId,
    surface: 'chat',
    sessionId: 'demo-all-active',
  });
  return countToolTokens(await modelFunctionTools(toolSet));
}

interface TurnRun {
  readonly app: NestFastifyApplication;
  /** The collaboration server's WebSocket URL: the user's editor holds the turn's page open there. */
  readonly collaborationUrl: string;
  readonly collaboration: HostCollaboration;
  readonly useModel: (model: LanguageModel) => void;
  readonly token: string;
  readonly userEmail: string;
  readonly pageTitle: string;
  readonly allActiveToolTokens: number;
}

/** Plays one turn through `POST /api/ai/chat` and reads its report off the scripted agent. */
async function runTurn(
  turn: DemoTurnDefinition,
  run: TurnRun,
): Promise<TurnReport> {
  const agent = createScriptedAgent({
    script: turn.script,
    label: `turn "${turn.id}"`,
  });
  run.useModel(agent.model);
  // The user chats beside the page they have open: a real editor holds it in the collaboration
  // server for the whole turn, and the transcript shows what that editor saw change.
  const editor = await openLiveEditor({
    url: run.collaborationUrl,
    pageId: turn.pageId,
    token: run.token,
  });
  const before = blockLines(editor.document());
  let played;
  let after: string[];
  try {
    played = await postChatTurn(run.app, run.token, {
      message: turn.message,
      pageId: turn.pageId,
    });
    after = await editorLinesOnceSynced(editor, run.collaboration, turn.pageId);
  } finally {
    editor.close();
  }
  if (played.failure !== undefined)
    throw new DemoError(`turn "${turn.id}": ${played.failure}`);
  return buildTurnReport({
    id: turn.id,
    title: turn.title,
    message: turn.message,
    pageTitle: run.pageTitle,
    userEmail: run.userEmail,
    chatId: played.chatId,
    steps: agent.steps,
    allActiveToolTokens: run.allActiveToolTokens,
    editorView: {
      userEmail: run.userEmail,
      removed: before.filter((line) => !after.includes(line)),
      added: after.filter((line) => !before.includes(line)),
    },
  });
}

/** A document's top-level blocks as one line of text each. */
function blockLines(document: ProseMirrorNode): string[] {
  return (document.content ?? [])
    .map((block) => extractText({ type: 'doc', content: [block] }).trim())
    .filter((line) => line !== '');
}

/** The editor's blocks once it has every update the server's document has (at most 2 s). */
async function editorLinesOnceSynced(
  editor: LiveEditor,
  collaboration: HostCollaboration,
  pageId: string,
): Promise<string[]> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const served = collaboration.hocuspocus.documents.get(`page.${pageId}`);
    const mine = blockFingerprint(editor.document());
    if (
      served === undefined ||
      blockFingerprint(
        fragmentToDocument(served.getXmlFragment(DOCUMENT_FRAGMENT)),
      ) === mine ||
      Date.now() > deadline
    )
      return blockLines(editor.document());
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The demo: seeds the workspace, boots the reference host in-process (AppModule with the
 * scripted agent as the chat's model, comment-signal debounce 0) and plays three chat turns
 * through the real `POST /api/ai/chat` as member@acme.test: proofreading, a table edit that
 * needs `loadTools`, and a turn during which admin@acme.test comments. Returns what each
 * step was sent and answered, with tool-definition tokens. The caller owns the database.
 */
export async function runDemo(options: RunDemoOptions): Promise<DemoReport> {
  const { db } = options;
  const seed = await seedDemoWorkspace(db);
  const agentUser = userOf(seed, 'member@acme.test');
  const commenter = userOf(seed, 'admin@acme.test');
  const owner = userOf(seed, 'owner@acme.test');
  const commenterName =
    (
      await db
        .selectFrom('users')
        .select('name')
        .where('id', '=', commenter.id)
        .executeTakeFirstOrThrow()
    ).name ?? commenter.email;
  const turns = buildDemoTurns({
    async commentAsHuman(pageId) {
      const { pageTitle } = await insertHumanComment(db, {
        pageId,
        authorId: commenter.id,
      });
      return `${commenterName} (${commenter.email}, a human: created_source 'user') commented on "${pageTitle}"`;
    },
  });
  await removeEarlierDemoRows(
    db,
    agentUser.id,
    turns.map((turn) => turn.message),
  );

  let model: LanguageModel | undefined;
  const logger = new CollectingLogger();
  // Debounce 0: the signal counts on every tool call, so the comment shows up on the very next result.
  const config = loadAppConfig({ AI_COMMENT_SIGNAL_DEBOUNCE_MS: '0' });
  const app = await createApp({
    db,
    config,
    logger,
    chatModelFactory: () => model,
  });
  // Listening (on a loopback port of its own): the collaboration server is served at /collab.
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  const toggle = await ensureDeferredToolsOn(app, owner.token);
  try {
    const registry = app.get<ToolRegistry>(TOOL_REGISTRY);
    const allActive = await allActiveToolTokens(registry, seed);
    const reports: TurnReport[] = [];
    for (const turn of turns) {
      reports.push(
        await runTurn(turn, {
          app,
          collaborationUrl: `ws://127.0.0.1:${port}${COLLABORATION_PATH}`,
          collaboration: app.get<HostCollaboration>(HOST_COLLABORATION),
          useModel: (next) => void (model = next),
          token: agentUser.token,
          userEmail: agentUser.email,
          pageTitle:
            seed.pages.find((page) => page.id === turn.pageId)?.title ??
            turn.pageId,
          allActiveToolTokens: allActive,
        }),
      );
    }
    const recorded = await readRecordedFigures(
      app,
      db,
      reports.map((report) => report.chatId),
      owner.token,
    );
    return {
      encoding: TOKEN_ENCODING,
      recorded,
      database: options.databaseDescription ?? 'the given database',
      boundToolCount: registry.tools.length,
      unboundToolNames: registry.unboundNames,
      allActiveToolTokens: allActive,
      commentSignalDebounceMs: config.ai.commentSignalDebounceMs,
      turns: reports,
      totals: sumTurnTokens(reports),
      notes: [
        ...(toggle.note === undefined ? [] : [toggle.note]),
        ...logger.lines,
      ],
    };
  } finally {
    await toggle.restore();
    await app.close();
  }
}
