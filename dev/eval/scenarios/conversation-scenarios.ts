import {
  DEMO_HUMAN_COMMENT_ID,
  insertHumanComment,
} from '../../demo/demo-rows';
import { SEED_IDS, SEED_NODE_IDS } from '../../../host/seed/seed-ids';
import type { ConversationView } from '../conversation-view';
import { TRACKER_ISSUES, TRACKER_PREFIX } from '../issue-tracker-mcp-server';
import {
  allOf,
  failed,
  passed,
  type Scenario,
  type TurnPlan,
} from '../scenario';
import { changedBlocks, describeChanges } from '../text-blocks';
import { updateCellPlan } from './editing-scenarios';
import { newComments, seededContent, storedContent } from './scenario-queries';
import { sequentialPlan } from './sequential-plan';

const PAGES = SEED_IDS.pages;
const SIGNAL_PAGE = /^\[signal\] new comments: \d+ on page ([0-9a-f-]{36})/;

/** The page a `[signal]` line of this turn reports, if any arrived. */
function signalledPage(view: ConversationView): string | undefined {
  for (const call of view.turnCalls) {
    for (const line of call.result?.signals ?? []) {
      const match = SIGNAL_PAGE.exec(line);
      if (match !== null) return match[1];
    }
  }
  return undefined;
}

interface CommentList {
  readonly threads: readonly {
    readonly id: string;
    readonly createdSource: string;
    readonly createdAt: string;
  }[];
}

/** Reads the page; follows up on comments only when a `[signal]` line reported some, as the signal asks. */
const humanCommentPlan: TurnPlan = (view) => {
  const reading = sequentialPlan(
    [
      { toolName: 'getOutline', input: { pageId: PAGES.roadmap } },
      {
        toolName: 'getNode',
        input: {
          pageId: PAGES.roadmap,
          block: SEED_NODE_IDS.roadmapSsoParagraph,
        },
      },
    ],
    '',
  )(view);
  if ('call' in reading) return reading;
  const pageId = signalledPage(view);
  if (pageId === undefined) return { answer: 'The Q3 section reads clearly.' };
  return sequentialPlan(
    [
      { toolName: 'listComments', input: { pageId } },
      {
        toolName: 'createComment',
        input: (current: ConversationView) => {
          const threads =
            (
              current.turnCalls
                .filter(
                  (call) =>
                    call.name === 'listComments' &&
                    call.result?.json !== undefined,
                )
                .at(-1)?.result?.json as CommentList | undefined
            )?.threads ?? [];
          const newest = threads
            .filter((thread) => thread.createdSource === 'user')
            .sort((left, right) =>
              left.createdAt.localeCompare(right.createdAt),
            )
            .at(-1);
          return {
            pageId,
            parentCommentId: newest?.id ?? '',
            content:
              "I will bring a date for the audit log export to Friday's review.",
          };
        },
      },
    ],
    'The Q3 section reads clearly; I also answered the new comment about the audit log export.',
  )(view);
};

const humanComment: Scenario = {
  id: 'human-comment',
  title: 'A human comments mid-turn: the agent reads and answers it',
  toolsNeeded: [],
  turns: [
    {
      message:
        'Read the Q3 section of this page, paragraph by paragraph, and tell me whether it is clear. Keep an eye on comments.',
      pageId: PAGES.roadmap,
      plan: humanCommentPlan,
      // After the agent's first tool call, while it is working on the page.
      async beforeModelRequest(requestIndex, { db, humanUserId }) {
        if (requestIndex === 1)
          await insertHumanComment(db, {
            pageId: PAGES.roadmap,
            authorId: humanUserId,
          });
      },
    },
  ],
  async check({ db, agentUserId }) {
    const replies = (await newComments(db, PAGES.roadmap)).filter(
      (comment) =>
        comment.creatorId === agentUserId &&
        comment.parentCommentId === DEMO_HUMAN_COMMENT_ID,
    );
    return replies.length > 0
      ? passed(`the agent replied: "${replies[0]!.text.slice(0, 60)}"`)
      : failed('no reply by the agent to the comment made mid-turn');
  },
};

const secondTurn: Scenario = {
  id: 'second-turn',
  title: 'A second turn reuses a tool loaded in the first',
  toolsNeeded: ['getTable', 'tableUpdateCell'],
  turns: [
    {
      message: 'Raise the Team plan price to $10 in the pricing table.',
      pageId: PAGES.pricing,
      plan: updateCellPlan('Team', 'Price', '$10'),
    },
    {
      message:
        'Thanks. Now set the Starter plan\'s seats to "Up to 3" in the same table.',
      pageId: PAGES.pricing,
      plan: updateCellPlan('Starter', 'Seats', 'Up to 3'),
    },
  ],
  async check({ db, turns }) {
    const changes = changedBlocks(
      seededContent(PAGES.pricing),
      await storedContent(db, PAGES.pricing),
    );
    const wanted: Readonly<Record<string, string>> = {
      [SEED_NODE_IDS.pricingTeamPrice]: '$10',
      qidqsyczedmt: 'Up to 3',
    };
    // The chat's memory: turn 2 has the tool turn 1 loaded, so it loads nothing again.
    const second = turns[1];
    const wrong = changes.filter(
      (change) =>
        change.kind !== 'changed' ||
        change.id === null ||
        wanted[change.id] !== change.after,
    );
    const missing = Object.keys(wanted).filter(
      (id) => !changes.some((change) => change.id === id),
    );
    return allOf([
      wrong.length === 0
        ? passed('only the two cells changed')
        : failed(`unexpected changes: ${describeChanges(wrong)}`),
      missing.length === 0
        ? passed('both cells hold the new text')
        : failed(
            `unchanged: ${missing.join(', ')} (Team price, Starter seats)`,
          ),
      second === undefined
        ? failed('the second turn did not run')
        : second.loadToolsCalls + second.repairedCalls === 0
          ? passed(
              `turn 2 used what turn 1 loaded (${second.modelRequests} requests in turn 2)`,
            )
          : failed(
              `turn 2 loaded tools again (${second.loadToolsCalls} loadTools, ${second.repairedCalls} repaired calls, ${second.modelRequests} requests): the chat did not carry what turn 1 loaded`,
            ),
    ]);
  },
};

const ISSUE_KEY = 'DOC-42';
const ISSUE_STATUS = TRACKER_ISSUES[ISSUE_KEY]!.status;
const TRACKER_TOOL = `${TRACKER_PREFIX}_get_issue`;

const externalTool: Scenario = {
  id: 'external-mcp',
  title: 'Use a tool of an external MCP server',
  toolsNeeded: [TRACKER_TOOL],
  turns: [
    {
      message: `Look up issue ${ISSUE_KEY} in the issue tracker and add a comment on the "Audit log export" line of this page saying what its current status is.`,
      pageId: PAGES.roadmap,
      plan: sequentialPlan(
        [
          {
            toolName: TRACKER_TOOL,
            input: { key: ISSUE_KEY },
            succeeded: (result) => result.text.includes('Status:'),
          },
          {
            toolName: 'createComment',
            input: (view: ConversationView) => {
              const found =
                view.turnCalls
                  .filter((call) => call.name === TRACKER_TOOL)
                  .at(-1)?.result?.text ?? '';
              return {
                pageId: PAGES.roadmap,
                selection: 'Audit log export',
                content: `Tracker: ${found}`,
              };
            },
          },
        ],
        `Commented the status of ${ISSUE_KEY}.`,
      ),
    },
  ],
  async check({ db, agentUserId, externalCalls }) {
    const comments = (await newComments(db, PAGES.roadmap)).filter(
      (comment) => comment.creatorId === agentUserId,
    );
    return allOf([
      externalCalls.some((call) => call.name === 'get_issue')
        ? passed('the tracker served get_issue')
        : failed('the tracker was never asked'),
      comments.some((comment) => comment.text.includes(ISSUE_STATUS))
        ? passed(`a comment carries "${ISSUE_STATUS}"`)
        : failed(
            `no agent comment on the page carries the tracker's status "${ISSUE_STATUS}"`,
          ),
    ]);
  },
};

export const CONVERSATION_SCENARIOS: readonly Scenario[] = [
  humanComment,
  secondTurn,
  externalTool,
];
