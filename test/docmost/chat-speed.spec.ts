/**
 * Speed against Docmost's own tools, in the same run: a chat turn with two tool calls
 * (`getPage`, then `listComments` on a page of 40 sentences), from the request to the end of the
 * stream, the stand-in model answering at once, so the figure is Docmost's server work. The
 * package (the mounted build) against Docmost's own tools (an instance of Docmost as it comes,
 * on the same database, whose chat has no `aiChatTurn`), turns interleaved. Printed for the
 * report, never asserted on: only that both ran their two tools every time.
 */
import { agentTurn } from './agent-chat';
import { createPage, DocmostSession } from './docmost-api';
import { recordFigure } from './docmost-checks';
import { Deployment } from './docmost-deployment';
import type { DocmostServer } from './docmost-process';
import { setUpPeople, type Workspace } from './docmost-people';
import { DocmostRedis } from './docmost-redis';
import { scripted, StandInModel, useStandInModel } from './stand-in-model';

const WARM_UP = 3;
const MEASURED = 12;

let deployment: Deployment;
let work: Workspace;
let model: StandInModel;
let redis: DocmostRedis;
let plain: DocmostServer;

beforeAll(async () => {
  model = await StandInModel.start(scripted([]));
  deployment = await Deployment.start({ label: 'speed', instances: 1 });
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
