import {
  openLiveEditor,
  type LiveEditor,
} from '../../dev/collaboration/live-editor';
import { agentTurn, onlyCall, type ToolCallOutcome } from './agent-chat';
import type { DocmostSession } from './docmost-api';
import { withDatabase } from './docmost-checks';
import { Deployment } from './docmost-deployment';
import { setUpPeople, type Role, type Workspace } from './docmost-people';
import { DocmostRedis } from './docmost-redis';
import { scripted, StandInModel, useStandInModel } from './stand-in-model';

/**
 * What the checks of one subject share: a deployment of one mounted instance, the people of the
 * checks in it (docmost-people.ts), the stand-in model set in Docmost's AI settings with every
 * tool sent on every step (deferred tools off, so a scripted call needs no loadTools), and the
 * agent asked in Docmost's chat as any of them.
 */
export interface AgentWorkspace {
  readonly deployment: Deployment;
  readonly work: Workspace;
  readonly redis: DocmostRedis;
  /** One tool call asked of `role`'s agent in a chat turn of Docmost's own chat route. */
  agent(role: Role, tool: string, input: unknown): Promise<ToolCallOutcome>;
  /** `role`'s editor of a page on Docmost's `/collab`, with their collab token. */
  openEditor(role: Role, pageId: string): Promise<LiveEditor>;
  /** How many rows `query` counts (its first column, `count(*)`). */
  count(query: string, values?: readonly unknown[]): Promise<number>;
  stop(): Promise<void>;
}

export async function startAgentWorkspace(options: {
  readonly label: string;
  readonly env?: Readonly<Record<string, string>>;
}): Promise<AgentWorkspace> {
  const model = await StandInModel.start(scripted([]));
  const editors: LiveEditor[] = [];
  let deployment: Deployment | undefined;
  let redis: DocmostRedis | undefined;
  const stop = async () => {
    for (const editor of editors.splice(0)) editor.close();
    await redis?.close();
    await deployment?.stop();
    await model.close();
  };
  try {
    deployment = await Deployment.start({
      label: options.label,
      instances: 1,
      env: options.env,
    });
    const started = deployment;
    const work = await setUpPeople(started.a.url, started.databaseUrl);
    await useStandInModel(work.people.owner.session, model);
    await work.people.owner.session.call('ai-tools/settings/update', {
      deferredTools: false,
    });
    const connected = DocmostRedis.connect(started.redis.url);
    redis = connected;
    return {
      deployment: started,
      work,
      redis: connected,
      async agent(role, tool, input) {
        // Docmost's per-minute request limits would refuse a check's turns past a handful.
        await connected.deleteMatching('throttle:*');
        return onlyCall(
          await agentTurn(work.people[role].session, model, {
            calls: [{ name: tool, arguments: input }],
          }),
        );
      },
      async openEditor(role, pageId) {
        const session: DocmostSession = work.people[role].session;
        const { token } = await session.call<{ token: string }>(
          'auth/collab-token',
        );
        const editor = await openLiveEditor({
          url: `${started.a.url.replace(/^http/, 'ws')}/collab`,
          pageId,
          token,
          timeoutMs: 30_000,
        });
        editors.push(editor);
        return editor;
      },
      async count(query, values = []) {
        return withDatabase(started.databaseUrl, async (client) =>
          Number(
            (await client.query<{ count: string }>(query, [...values])).rows[0]
              .count,
          ),
        );
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A ProseMirror document of the given blocks, as Docmost's `pages/create` takes it (`format: json`). */
export function documentOf(...blocks: readonly unknown[]): {
  type: 'doc';
  content: unknown[];
} {
  return { type: 'doc', content: [...blocks] };
}

/** A paragraph of the given inline nodes (a string is a text node). */
export function paragraph(...inline: readonly (string | object)[]): object {
  return {
    type: 'paragraph',
    content: inline.map((node) =>
      typeof node === 'string' ? { type: 'text', text: node } : node,
    ),
  };
}
