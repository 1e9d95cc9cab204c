import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sql } from 'kysely';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import { describeHealth, HealthProbe } from './support/health-probe';
import { documentOf } from './support/large-document';
import { recordFigure } from './support/reliability-figures';
import {
  startServer,
  type ServerUnderTest,
} from '../support/server-under-test';

/**
 * `npm start` while one member writes its largest page over and over (issue 20, item 3): three
 * concurrent `updatePageJson` calls of 9 MB each, within the 10 MB body limit. Validating,
 * numbering and serialising such a document on the event loop held the health check for up to
 * 585 ms here (6.5 s in the probe); a worker does it now, from the document's JSON text.
 * Timing is bounded generously here; the figures go to RELIABILITY_FIGURES.
 */
jest.setTimeout(240_000);

/**
 * Every health answer must come within this (a sanity bound, not the latency goal: 6.5 s was
 * the probe's figure). Fastify's own parse of the three bodies and the collection after it
 * remain (RELIABILITY.md), and in the full suite other suites share the two cores.
 */
const HEALTH_BOUND_MS = 3_000;
const CONCURRENT_WRITES = 3;

describe('npm start while one member writes a 9 MB page three times at once', () => {
  let database: TestDatabase;
  let server: ServerUnderTest;
  let seed: SeedResult;
  let member: Client;
  const pageId = SEED_IDS.pages.roadmap;

  beforeAll(async () => {
    database = await createTestDatabase();
    seed = await seedDemoWorkspace(database.db);
    server = await startServer(
      { DATABASE_URL: database.url },
      { recordEventLoopStalls: true },
    );
    const token = seed.users.find((user) => user.role === 'member')!.token;
    member = new Client({ name: 'large-write-test', version: '1.0.0' });
    await member.connect(
      new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
  });

  afterAll(async () => {
    await member?.close().catch(() => undefined);
    await server?.stop();
    await database?.drop();
  });

  it('keeps the health check answering and stores one whole document', async () => {
    const documents = Array.from({ length: CONCURRENT_WRITES }, (_, writer) => {
      const document = documentOf(9);
      document.content[0]!.content[0]!.text = `Written by writer ${writer}`;
      return document;
    });
    const health = await HealthProbe.start(server);
    const startedAt = performance.now();
    const writes = await Promise.all(
      documents.map(async (doc) => {
        const result = await member.callTool(
          { name: 'update_page_json', arguments: { pageId, doc } },
          undefined,
          { timeout: 200_000 },
        );
        return {
          isError: result.isError === true,
          text: (result.content as { text: string }[])
            .map((part) => part.text)
            .join('\n'),
        };
      }),
    );
    const elapsedMs = performance.now() - startedAt;
    const probe = await health.stop();
    recordFigure(
      'large page: 3 concurrent 9 MB updatePageJson, health p50 / p99 / max',
      describeHealth(probe),
    );
    const written = writes.filter((write) => !write.isError);
    recordFigure(
      'large page: 3 concurrent 9 MB updatePageJson, written / refused, all answered after',
      `${written.length} / ${writes.length - written.length}, ${Math.round(elapsedMs)} ms`,
    );
    // Each is a compare-and-set on the version it read: one wins, a later one may win after it
    // or be told the page changed; none is half-written.
    expect(written.length).toBeGreaterThan(0);
    for (const write of writes.filter((write) => write.isError))
      expect(write.text).toMatch(/changed since|tool calls on large pages/);
    const stored = await sql<{ first: string; blocks: number }>`
      select content->'content'->0->'content'->0->>'text' as first,
             jsonb_array_length(content->'content') as blocks
      from pages where id = ${pageId}`.execute(database.db);
    expect(stored.rows[0]!.first).toMatch(/^Written by writer \d$/);
    expect(stored.rows[0]!.blocks).toBe(documents[0]!.content.length);
    expect(probe.max).toBeLessThan(HEALTH_BOUND_MS);
    expect(server.alive()).toBe(true);
  });
});
