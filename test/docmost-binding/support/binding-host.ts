import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'kysely';
import { loadAppConfig } from '../../../host/config/app-config';
import { createApp } from '../../../host/create-app';
import {
  HOST_DOCMOST,
  type DocmostEffect,
  type HostDocmost,
} from '../../../host/docmost';
import { seedDemoWorkspace } from '../../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../../host/seed/seed-ids';
import { ToolError, TOOL_REGISTRY, type ToolRegistry } from '../../../src';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import { scratchDirectory } from '../../support/scratch-directory';

/** The seeded people, and a viewer (space role reader in Product) the tests add. */
export type Person = 'owner' | 'admin' | 'member' | 'viewer';

/** What an agent's call or a route's call came to: its answer and Docmost's effects. */
export interface Outcome {
  readonly ok: boolean;
  /** The tool's output or the route's body; the error's message when refused. */
  readonly value: unknown;
  readonly effects: readonly DocmostEffect[];
}

/**
 * The reference host with its Docmost-like services, seeded, plus a viewer: the same person
 * acts through the agent's tools (`agent`) or through Docmost's routes (`route`), and each call
 * returns the effects the services recorded for it.
 */
export class BindingHost {
  readonly users: Record<Person, { id: string; token: string }> = {} as never;

  private constructor(
    readonly database: TestDatabase,
    readonly app: NestFastifyApplication,
    readonly docmost: HostDocmost,
    private readonly registry: ToolRegistry,
    /** The host's `DATA_DIR`: its attachments' files are under `storage/`. */
    private readonly dataDirectory: string,
  ) {}

  static async start(): Promise<BindingHost> {
    const database = await createTestDatabase();
    const seed = await seedDemoWorkspace(database.db);
    const dataDirectory = mkdtempSync(join(scratchDirectory(), 'binding-'));
    const app = await createApp({
      db: database.db,
      config: loadAppConfig({ DATA_DIR: dataDirectory }),
      logger: false,
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const host = new BindingHost(
      database,
      app,
      app.get<HostDocmost>(HOST_DOCMOST),
      app.get<ToolRegistry>(TOOL_REGISTRY),
      dataDirectory,
    );
    for (const person of ['owner', 'admin', 'member'] as const)
      host.users[person] = {
        id: SEED_IDS.users[person],
        token: seed.users.find((user) => user.role === person)!.token,
      };
    host.users.viewer = await host.addViewer();
    return host;
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.database.drop();
    rmSync(this.dataDirectory, { recursive: true, force: true });
  }

  /** A workspace member whose only access is space role reader in Product. */
  private async addViewer(): Promise<{ id: string; token: string }> {
    const id = randomUUID();
    const token = randomBytes(24).toString('hex');
    const db = this.database.db;
    await sql`insert into users (id, name, email, role, workspace_id) values (${id}, 'Val Viewer', 'viewer@acme.test', 'member', ${SEED_IDS.workspace})`.execute(
      db,
    );
    await sql`insert into space_members (user_id, space_id, role) values (${id}, ${SEED_IDS.spaces.product}, 'reader')`.execute(
      db,
    );
    await sql`insert into api_tokens (user_id, workspace_id, name, token_hash) values (${id}, ${SEED_IDS.workspace}, 'viewer', ${createHash('sha256').update(token).digest('hex')})`.execute(
      db,
    );
    return { id, token };
  }

  /** The person's agent calls a tool (a chat turn's context). */
  async agent(
    person: Person,
    tool: string,
    input: Record<string, unknown>,
  ): Promise<Outcome> {
    const mark = this.docmost.effects.mark();
    try {
      const { output } = await this.registry.call(tool, input, {
        userId: this.users[person].id,
        workspaceId: SEED_IDS.workspace,
        surface: 'chat',
        sessionId: randomUUID(),
      });
      return {
        ok: true,
        value: output,
        effects: this.docmost.effects.since(mark),
      };
    } catch (error) {
      if (!ToolError.isToolError(error)) throw error;
      return {
        ok: false,
        value: error.message,
        effects: this.docmost.effects.since(mark),
      };
    }
  }

  /** The person calls one of Docmost's routes (`comments/create`, ...). */
  async route(
    person: Person,
    path: string,
    body: Record<string, unknown>,
  ): Promise<Outcome & { readonly status: number }> {
    const mark = this.docmost.effects.mark();
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { authorization: `Bearer ${this.users[person].token}` },
      payload: body,
    });
    return {
      ok: response.statusCode === 200,
      status: response.statusCode,
      value: response.json(),
      effects: this.docmost.effects.since(mark),
    };
  }

  /** Sets (or, with undefined, removes) one key of a settings object: `workspaces` or `spaces`. */
  async setSetting(
    table: 'workspaces' | 'spaces',
    id: string,
    path: readonly [string, string],
    value: boolean | undefined,
  ): Promise<void> {
    const db = this.database.db;
    const key = `{${path.join(',')}}`;
    if (value === undefined)
      await sql`update ${sql.table(table)} set settings = coalesce(settings, '{}'::jsonb) #- ${key}::text[] where id = ${id}`.execute(
        db,
      );
    else
      await sql`update ${sql.table(table)} set settings = jsonb_set(coalesce(settings, '{}'::jsonb) || jsonb_build_object(${path[0]}::text, coalesce(settings -> ${path[0]}, '{}'::jsonb)), ${key}::text[], to_jsonb(${sql.lit(value)})) where id = ${id}`.execute(
        db,
      );
  }

  /** A new page in Product (made through the route as the owner), for a call to act on. */
  async newPage(title: string, parentPageId?: string): Promise<string> {
    const created = await this.route('owner', 'pages/create', {
      spaceId: SEED_IDS.spaces.product,
      title,
      ...(parentPageId === undefined ? {} : { parentPageId }),
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            attrs: { id: 'aaaaaaaaaaaa' },
            content: [
              { type: 'text', text: `The text of ${title} to comment on.` },
            ],
          },
        ],
      },
      format: 'json',
    });
    if (!created.ok)
      throw new Error(
        `could not create a page: ${JSON.stringify(created.value)}`,
      );
    return (created.value as { id: string }).id;
  }
}

/**
 * Effects without what differs between two equivalent calls: the ids of the rows each call
 * acted on or created become their role in the call (`<page>`, `<comment>`, ...).
 */
export function normalise(
  effects: readonly DocmostEffect[],
  roles: Readonly<Record<string, string>>,
): readonly DocmostEffect[] {
  const named = (value: string | null | undefined) =>
    value === undefined || value === null ? value : (roles[value] ?? value);
  return effects.map((effect) => ({
    ...effect,
    ...(effect.pageId === undefined ? {} : { pageId: named(effect.pageId)! }),
    ...(effect.subjectId === undefined
      ? {}
      : { subjectId: named(effect.subjectId)! }),
    ...(effect.details === undefined
      ? {}
      : {
          details: Object.fromEntries(
            Object.entries(effect.details).map(([key, value]) => [
              key,
              typeof value === 'string' ? named(value)! : value,
            ]),
          ),
        }),
  }));
}
