import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { AiToolsModule } from '../../src/ai-tools.module';
import { generateStashKey, hashStashKey } from '../../src/stash';
import type { StashPageResult } from '../../src/tools/content';
import { documentToMarkdown, markdownToDocument } from '../../src/document';
import { createTestHost } from '../chat/support/create-test-host';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  PUBLIC_BASE_URL,
  seededTools,
  type SeededTools,
} from '../support/seeded-tools';

const P = SEED_IDS.pages;

/** The path of a stash URL on this host (the URL's origin is the configured public one). */
function pathOf(url: string): string {
  expect(url.startsWith(`${PUBLIC_BASE_URL}/api/ai-tools/stash/`)).toBe(true);
  return url.slice(PUBLIC_BASE_URL.length);
}

describe('GET /api/ai-tools/stash/:key', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let tools: SeededTools;

  beforeAll(async () => {
    database = await createTestDatabase();
    tools = seededTools(database.db);
    // The reference host's globals, bearer guard included: the route must pass it without a token.
    ({ app } = await createTestHost({
      db: database.db,
      imports: [
        AiToolsModule.forRoot({
          db: database.db,
          publicBaseUrl: PUBLIC_BASE_URL,
          commentSignal: false,
        }),
      ],
    }));
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('serves the snapshot without authentication, as a JSON download named after the page', async () => {
    const stash = await tools.call<StashPageResult>(
      'stashPage',
      { pageId: P.designPrinciples },
      'member',
    );
    const response = await app.inject({
      method: 'GET',
      url: pathOf(stash.url),
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/json; charset=utf-8',
    );
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="design-principles.json"',
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.rawPayload.length).toBe(stash.bytes);
    const snapshot = response.json();
    expect(snapshot).toMatchObject({
      pageId: P.designPrinciples,
      title: 'Design Principles',
    });
    expect(snapshot.content).toEqual(
      (await tools.page(P.designPrinciples)).content,
    );
  });

  it('serves a Markdown stash as the exportPageMarkdown file, text/markdown, named .md', async () => {
    const stash = await tools.call<StashPageResult>('stashPage', {
      pageId: P.pricing,
      format: 'markdown',
    });
    const response = await app.inject({
      method: 'GET',
      url: pathOf(stash.url),
    });

    expect(stash).toMatchObject({
      format: 'markdown',
      bytes: response.rawPayload.length,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'text/markdown; charset=utf-8',
    );
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="pricing-and-plans.md"',
    );
    const content = (await tools.page(P.pricing)).content;
    expect(response.body).toBe(documentToMarkdown(content));
    expect(markdownToDocument(response.body)).toEqual(content);
    expect(response.body).toContain('| Plan');
  });

  it('serves the snapshot as taken: later edits are not in it, and it can be fetched again until it expires', async () => {
    const stash = await tools.call<StashPageResult>('stashPage', {
      pageId: P.onboarding,
    });
    await database.db
      .updateTable('pages')
      .set({ title: 'Renamed after the stash' })
      .where('id', '=', P.onboarding)
      .execute();
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await app.inject({
        method: 'GET',
        url: pathOf(stash.url),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().title).toBe('Onboarding Guide');
    }
  });

  it('refuses an expired stash with 410 and a JSON message, deletes it, and then answers 404', async () => {
    const stash = await tools.call<StashPageResult>('stashPage', {
      pageId: P.pricing,
      expiresInMinutes: 1,
    });
    const keyHash = hashStashKey(stash.url.split('/').at(-1)!);
    await sql`update ai_tools_page_stashes set expires_at = now() - interval '1 second' where key_hash = ${keyHash}`.execute(
      database.db,
    );

    const expired = await app.inject({ method: 'GET', url: pathOf(stash.url) });
    expect(expired.statusCode).toBe(410);
    expect(expired.headers['content-type']).toMatch(/^application\/json/);
    expect(expired.json()).toEqual({
      statusCode: 410,
      error: 'Gone',
      message: expect.stringMatching(
        /^This stash link expired at \d{4}-\d\d-\d\dT.+Z\. Ask for a new link \(stashPage\)\.$/,
      ),
    });
    expect(expired.body).not.toContain('Pricing');

    const { rows } = await sql<{
      count: number;
    }>`select count(*)::int as count from ai_tools_page_stashes where key_hash = ${keyHash}`.execute(
      database.db,
    );
    expect(rows[0]!.count).toBe(0);
    const gone = await app.inject({ method: 'GET', url: pathOf(stash.url) });
    expect(gone.statusCode).toBe(404);
  });

  it('stops serving a link once its page is trashed, or once its creator is deactivated', async () => {
    const trashed = await tools.call<StashPageResult>(
      'stashPage',
      { pageId: P.meetingNotes },
      'member',
    );
    const deactivated = await tools.call<StashPageResult>(
      'stashPage',
      { pageId: P.onboarding },
      'member',
    );
    const fetch = (url: string) =>
      app.inject({ method: 'GET', url: pathOf(url) });
    expect((await fetch(trashed.url)).statusCode).toBe(200);
    await tools.call('deletePage', { pageId: P.meetingNotes }, 'owner');
    expect((await fetch(trashed.url)).statusCode).toBe(404);
    await database.db
      .updateTable('users')
      .set({ deactivatedAt: sql<Date>`now()` })
      .where('id', '=', SEED_IDS.users.member)
      .execute();
    try {
      expect((await fetch(deactivated.url)).statusCode).toBe(404);
    } finally {
      await database.db
        .updateTable('users')
        .set({ deactivatedAt: null })
        .where('id', '=', SEED_IDS.users.member)
        .execute();
    }
    // Gone for good: the rows were deleted, so restoring access does not bring them back.
    expect((await fetch(deactivated.url)).statusCode).toBe(404);
  });

  it('answers 404 with a JSON message for an unknown or malformed key', async () => {
    for (const key of [
      generateStashKey(),
      'not-a-key',
      `${generateStashKey()}x`,
      '%00',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/ai-tools/stash/${key}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message:
          'No stash at this URL: the link is wrong, or it expired and was removed. Ask for a new link (stashPage).',
      });
    }
  });
});
