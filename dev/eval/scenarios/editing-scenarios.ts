import { SEED_IDS, SEED_NODE_IDS } from '../../../host/seed/seed-ids';
import type { ConversationView } from '../conversation-view';
import {
  allOf,
  failed,
  passed,
  type CheckResult,
  type Scenario,
} from '../scenario';
import {
  changedBlocks,
  describeChanges,
  textBlocks,
  type BlockChange,
} from '../text-blocks';
import { newComments, seededContent, storedContent } from './scenario-queries';
import { resultOf, sequentialPlan } from './sequential-plan';

const PAGES = SEED_IDS.pages;

/** The seed's misspellings and their corrections. */
const MISSPELLINGS: Readonly<Record<string, string>> = {
  recieve: 'receive',
  seperate: 'separate',
  occured: 'occurred',
  teh: 'the',
};

function corrected(text: string): string {
  return text.replace(/[A-Za-z]+/g, (word) => MISSPELLINGS[word] ?? word);
}

/** Passes when the only changed blocks are the expected ones (by id), with the expected text. */
function onlyChanged(
  changes: readonly BlockChange[],
  expected: Readonly<Record<string, (text: string | undefined) => boolean>>,
): CheckResult {
  const unexpected = changes.filter(
    (change) =>
      change.id === null ||
      !(change.id in expected) ||
      change.kind !== 'changed',
  );
  if (unexpected.length > 0)
    return failed(`unrequested changes: ${describeChanges(unexpected)}`);
  for (const [id, accepts] of Object.entries(expected)) {
    const change = changes.find((candidate) => candidate.id === id);
    if (!accepts(change?.after))
      return failed(
        `block ${id} is ${change === undefined ? 'unchanged' : `"${change.after}"`}`,
      );
  }
  return passed(`changed only ${Object.keys(expected).join(', ')}`);
}

const proofread: Scenario = {
  id: 'proofread',
  title:
    'Proofread a page: fix a lone typo, comment on the sentence with several',
  toolsNeeded: [],
  turns: [
    {
      message:
        'Proofread this page. Fix a sentence with a single typo directly; where a sentence has several misspellings, leave the author a comment on it instead of editing it.',
      pageId: PAGES.releaseNotes,
      plan: sequentialPlan(
        [
          { toolName: 'getPage', input: { pageId: PAGES.releaseNotes } },
          {
            toolName: 'createComment',
            input: {
              pageId: PAGES.releaseNotes,
              selection: 'recieve a weekly digest',
              content:
                'Several misspellings here: "recieve" → "receive", "seperate" → "separate", "occured" → "occurred".',
            },
          },
          {
            toolName: 'editPageText',
            input: {
              pageId: PAGES.releaseNotes,
              blockId: SEED_NODE_IDS.releaseNotesSecondTypoParagraph,
              find: 'teh page',
              replace: 'the page',
            },
          },
        ],
        'Fixed "teh" and left a comment on the sentence with three misspellings.',
      ),
    },
  ],
  async check({ db, agentUserId }) {
    const changes = changedBlocks(
      seededContent(PAGES.releaseNotes),
      await storedContent(db, PAGES.releaseNotes),
    );
    const typoParagraph = textBlocks(seededContent(PAGES.releaseNotes)).find(
      (block) => block.id === SEED_NODE_IDS.releaseNotesTypoParagraph,
    )!.text;
    const comments = (await newComments(db, PAGES.releaseNotes)).filter(
      (comment) => comment.creatorId === agentUserId,
    );
    return allOf([
      onlyChanged(
        changes.filter(
          (change) =>
            !(
              change.id === SEED_NODE_IDS.releaseNotesTypoParagraph &&
              change.after === corrected(typoParagraph)
            ),
        ),
        {
          [SEED_NODE_IDS.releaseNotesSecondTypoParagraph]: (text) =>
            text === 'Search results now show the page path under each title.',
        },
      ),
      comments.length > 0
        ? passed(`${comments.length} comment(s) by the agent`)
        : failed('no comment by the agent on the page'),
    ]);
  },
};

interface TableCells {
  readonly cells: readonly (readonly { readonly text: string }[])[];
}

/** The row and column of a cell by its row's first cell and its column's header, once getTable was read. */
function cellOf(
  view: ConversationView,
  rowLabel: string,
  columnLabel: string,
): { row: number; column: number } {
  const cells = resultOf<TableCells>(view, 'getTable').cells ?? [];
  return {
    row: cells.findIndex((row) => row[0]?.text === rowLabel),
    column: cells[0]?.findIndex((cell) => cell.text === columnLabel) ?? -1,
  };
}

export function updateCellPlan(
  rowLabel: string,
  columnLabel: string,
  text: string,
) {
  return sequentialPlan(
    [
      { toolName: 'getTable', input: { pageId: PAGES.pricing, table: 0 } },
      {
        toolName: 'tableUpdateCell',
        input: (view: ConversationView) => ({
          pageId: PAGES.pricing,
          table: 0,
          ...cellOf(view, rowLabel, columnLabel),
          text,
        }),
      },
    ],
    `Set ${rowLabel} / ${columnLabel} to ${text}.`,
  );
}

const tableCell: Scenario = {
  id: 'table-cell',
  title: 'Change one table cell',
  toolsNeeded: ['getTable', 'tableUpdateCell'],
  turns: [
    {
      message: 'Raise the Team plan price to $10 in the pricing table.',
      pageId: PAGES.pricing,
      plan: updateCellPlan('Team', 'Price', '$10'),
    },
  ],
  async check({ db }) {
    const changes = changedBlocks(
      seededContent(PAGES.pricing),
      await storedContent(db, PAGES.pricing),
    );
    return onlyChanged(changes, {
      [SEED_NODE_IDS.pricingTeamPrice]: (text) => text === '$10',
    });
  },
};

const RISK_TEXT = 'Risk: SAML work depends on the identity team.';

const insertSection: Scenario = {
  id: 'insert-section',
  title: 'Insert a paragraph right after a heading',
  toolsNeeded: ['insertNode'],
  turns: [
    {
      message: `Right after the "Q3" heading of this page, insert a new paragraph that says exactly: ${RISK_TEXT}`,
      pageId: PAGES.roadmap,
      plan: sequentialPlan(
        [
          { toolName: 'getOutline', input: { pageId: PAGES.roadmap } },
          {
            toolName: 'insertNode',
            input: {
              pageId: PAGES.roadmap,
              position: 'after',
              anchorNodeId: SEED_NODE_IDS.roadmapQ3Heading,
              node: {
                type: 'paragraph',
                content: [{ type: 'text', text: RISK_TEXT }],
              },
            },
          },
        ],
        'Inserted the risk paragraph under Q3.',
      ),
    },
  ],
  async check({ db }) {
    const content = await storedContent(db, PAGES.roadmap);
    const blocks = textBlocks(content);
    const heading = blocks.findIndex(
      (block) => block.id === SEED_NODE_IDS.roadmapQ3Heading,
    );
    const next = blocks[heading + 1];
    const added = changedBlocks(seededContent(PAGES.roadmap), content);
    return allOf([
      next?.type === 'paragraph' && next.text.trim() === RISK_TEXT
        ? passed('the paragraph follows the Q3 heading')
        : failed(
            `the block after the Q3 heading is ${next === undefined ? 'missing' : `${next.type} "${next.text.slice(0, 60)}"`}`,
          ),
      added.length === 1 && added[0]!.kind === 'added'
        ? passed('nothing else changed')
        : failed(`changes: ${describeChanges(added)}`),
    ]);
  },
};

const OUTLINE = [
  '# Incident Checklist',
  '## Before',
  '- Page the on-call engineer',
  '- Open an incident channel',
  '## After',
  '- Write the incident review',
].join('\n');

const markdownPage: Scenario = {
  id: 'markdown-page',
  title: 'Create a page from a Markdown outline',
  toolsNeeded: ['createPage'],
  turns: [
    {
      message: `Create a page titled "Incident Checklist" in the Product space with this outline as its content:\n\n${OUTLINE}`,
      plan: sequentialPlan(
        [
          { toolName: 'listSpaces', input: {} },
          {
            toolName: 'createPage',
            input: {
              spaceId: SEED_IDS.spaces.product,
              title: 'Incident Checklist',
              markdown: OUTLINE,
            },
          },
        ],
        'Created "Incident Checklist" in Product.',
      ),
    },
  ],
  async check({ db }) {
    const pages = await db
      .selectFrom('pages')
      .select(['id', 'content', 'spaceId'])
      .where('title', '=', 'Incident Checklist')
      .where('deletedAt', 'is', null)
      .execute();
    if (pages.length !== 1)
      return failed(`${pages.length} live pages titled "Incident Checklist"`);
    const page = pages[0]!;
    const texts = textBlocks(page.content).map((block) => block.text);
    const expected = [
      'Before',
      'Page the on-call engineer',
      'Open an incident channel',
      'After',
      'Write the incident review',
    ];
    const missing = expected.filter((text) => !texts.includes(text));
    return allOf([
      page.spaceId === SEED_IDS.spaces.product
        ? passed('in the Product space')
        : failed('not in the Product space'),
      missing.length === 0
        ? passed('every outline line is a block')
        : failed(`missing blocks: ${missing.join(', ')}`),
    ]);
  },
};

export const EDITING_SCENARIOS: readonly Scenario[] = [
  proofread,
  tableCell,
  insertSection,
  markdownPage,
];
