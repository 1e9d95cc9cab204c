/**
 * The package against Docmost's own tools in the same Docmost: the mounted build and an instance
 * of Docmost as it comes (whose chat has no `aiChatTurn`) on one database, one deployment for
 * both comparisons. Printed for the report, never asserted on: only that both sides ran every
 * call and answered with the page.
 *
 * - Speed: a chat turn with two tool calls (`getPage`, then `listComments` on a page of 40
 *   sentences), from the request to the end of the stream, the stand-in model answering at once,
 *   so the figure is Docmost's server work; turns interleaved.
 * - What tool results cost: the pages the bench's long chat reads (the demo workspace's, created
 *   here from their Markdown), each read with `getPage` and its comments listed with
 *   `listComments` through both; the figure is the o200k tokens of the results as the model
 *   received them (the stand-in model's recorded requests), the fresh input a chat pays for once
 *   and then re-reads from the cache on every later request.
 */
import { countTokens } from '../../host/chat/tool-tokens';
import { DEMO_PAGES } from '../../host/seed/seed-demo-workspace';
import { LONG_CHAT_READ_PAGES } from '../../dev/bench/long-chat-scenario';
import { documentToMarkdown } from '../../src/document';
import { agentTurn } from './agent-chat';
import { createComment, createPage, DocmostSession } from './docmost-api';
import { recordFigure } from './docmost-checks';
import { Deployment } from './docmost-deployment';
import type { DocmostServer } from './docmost-process';
import { setUpPeople, type Workspace } from './docmost-people';
import { DocmostRedis } from './docmost-redis';
import {
  scripted,
  StandInModel,
  toolResults,
  useStandInModel,
} from './stand-in-model';

const WARM_UP = 3;
const MEASURED = 12;

let deployment: Deployment;
let work: Workspace;
let model: StandInModel;
let redis: DocmostRedis;
let plain: DocmostServer;

beforeAll(async () => {
  model = await StandInModel.start(scripted([]));
  deployment = await Deployment.start({ label: 'own_tools', instances: 1 });
  work = await setUpPeople(deployment.a.url, deployment.databaseUrl);
  await useStandInModel(work.people.owner.session, model);
  redis = DocmostRedis.connect(deployment.redis.url);
  plain = await deployment.plainInstance();
}, 600_000);

afterAll(async () => {
  await redis?.close();
  await deployment?.stop();
  await model?.close();
});

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

describe("a chat turn with two tool calls: the package against Docmost's own tools", () => {
  it('prints p50 and the first turn of each', async () => {
    const sentences = Array.from(
      { length: 40 },
      (_, index) => `Sentence ${index + 1} of the page says something.`,
    ).join(' ');
    const page = await createPage(work.people.owner.session, {
      spaceId: work.spaceId,
      title: 'Forty sentences',
      markdown: sentences,
    });
    const calls = [
      { name: 'getPage', arguments: { pageId: page.id } },
      { name: 'listComments', arguments: { pageId: page.id } },
    ];
    const sides = [
      { name: 'the package', server: deployment.a, times: [] as number[] },
      { name: "Docmost's own tools", server: plain, times: [] as number[] },
    ];
    for (let round = 0; round < WARM_UP + MEASURED; round++)
      for (const side of sides) {
        // Docmost's throttle counts every turn: its counters are cleared between turns.
        await redis.deleteMatching('throttle:*');
        const session = new DocmostSession(
          side.server.url,
          work.people.owner.session.authToken,
        );
        const turn = await agentTurn(session, model, {
          calls,
          stepByStep: true,
        });
        expect(
          turn.tools.map((call) => [call.toolName, call.errorText]),
        ).toEqual([
          ['getPage', undefined],
          ['listComments', undefined],
        ]);
        side.times.push(turn.milliseconds);
      }
    for (const side of sides)
      recordFigure(
        `chat turn with two tool calls, ${side.name}`,
        `p50 ${Math.round(median(side.times.slice(WARM_UP)))} ms over ${MEASURED} turns, first turn ${Math.round(side.times[0])} ms`,
      );
  });
});

/** The text of the one tool result the model was sent back in the turn just played. */
function lastToolResult(): string {
  const withResult = model.requests.filter(
    (request) => toolResults(request).length > 0,
  );
  const results = toolResults(withResult.at(-1)!);
  expect(results).toHaveLength(1);
  return results[0]!;
}

describe("tool results: the package against Docmost's own tools", () => {
  it('prints the tokens of getPage and listComments results over the long chat pages', async () => {
    const owner = work.people.owner.session;
    const pages = [];
    for (const id of LONG_CHAT_READ_PAGES) {
      const demo = DEMO_PAGES.find((page) => page.id === id)!;
      const page = await createPage(owner, {
        spaceId: work.spaceId,
        title: demo.title,
        markdown: documentToMarkdown(demo.content),
      });
      for (const text of ['Can we check this?', 'Agreed, done.'])
        await createComment(owner, page.id, text);
      pages.push({ id: page.id, title: demo.title });
    }
    const sides = [
      { name: 'the package', server: deployment.a },
      { name: "Docmost's own tools", server: plain },
    ];
    const tokens = new Map<string, { getPage: number; listComments: number }>();
    for (const side of sides) {
      const session = new DocmostSession(side.server.url, owner.authToken);
      const sum = { getPage: 0, listComments: 0 };
      for (const page of pages)
        for (const name of ['getPage', 'listComments'] as const) {
          // Docmost's throttle counts every turn: its counters are cleared between turns.
          await redis.deleteMatching('throttle:*');
          const turn = await agentTurn(session, model, {
            calls: [{ name, arguments: { pageId: page.id } }],
          });
          expect(turn.tools.map((call) => call.errorText)).toEqual([undefined]);
          const result = lastToolResult();
          if (name === 'getPage') expect(result).toContain(page.title);
          else expect(result).toContain('Agreed, done.');
          sum[name] += countTokens(result);
        }
      tokens.set(side.name, sum);
    }
    const ours = tokens.get('the package')!;
    const theirs = tokens.get("Docmost's own tools")!;
    for (const name of ['getPage', 'listComments'] as const)
      recordFigure(
        `${name} results over the long chat's ${pages.length} pages (o200k tokens as the model reads them)`,
        `the package ${ours[name]}, Docmost's own tools ${theirs[name]} (${Math.round((100 * ours[name]) / theirs[name])} %)`,
      );
  });
});
