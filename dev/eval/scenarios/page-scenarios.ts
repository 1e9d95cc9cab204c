import { DEMO_PAGE_HISTORY } from '../../../host/seed/demo-page-history';
import { DEMO_PAGES } from '../../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../../host/seed/seed-ids';
import type { ConversationView } from '../conversation-view';
import { allOf, failed, passed, type Scenario } from '../scenario';
import { textBlocks } from '../text-blocks';
import {
  finalAnswer,
  pageParents,
  sharedPageIds,
  storedContent,
} from './scenario-queries';
import { resultOf, sequentialPlan } from './sequential-plan';

const PAGES = SEED_IDS.pages;

const movePage: Scenario = {
  id: 'move-page',
  title: 'Move a page under another',
  toolsNeeded: ['movePage'],
  turns: [
    {
      message:
        'Move this page (Support Playbook) so that it sits under the Product Handbook page.',
      pageId: PAGES.supportPlaybook,
      plan: sequentialPlan(
        [
          { toolName: 'searchPages', input: { query: 'Product Handbook' } },
          {
            toolName: 'movePage',
            input: {
              pageId: PAGES.supportPlaybook,
              parentPageId: PAGES.productHandbook,
            },
          },
        ],
        'Moved Support Playbook under Product Handbook.',
      ),
    },
  ],
  async check({ db }) {
    const parents = await pageParents(db);
    const otherMoves = DEMO_PAGES.filter(
      (page) =>
        page.id !== PAGES.supportPlaybook &&
        parents.get(page.id) !== page.parentPageId,
    );
    return allOf([
      parents.get(PAGES.supportPlaybook) === PAGES.productHandbook
        ? passed('Support Playbook is under Product Handbook')
        : failed(
            `Support Playbook's parent is ${parents.get(PAGES.supportPlaybook) ?? 'the space root'}`,
          ),
      otherMoves.length === 0
        ? passed('no other page moved')
        : failed(
            `also moved: ${otherMoves.map((page) => page.title).join(', ')}`,
          ),
    ]);
  },
};

interface HistoryList {
  readonly versions: readonly { readonly historyId: string }[];
}

const PREVIOUS_VERSION = DEMO_PAGE_HISTORY.find(
  (version) => version.id === SEED_IDS.pageHistory.releaseNotesV2,
)!;

const restoreVersion: Scenario = {
  id: 'restore-version',
  title: 'Restore the previous version of a page',
  toolsNeeded: ['listPageHistory', 'restorePageVersion'],
  turns: [
    {
      message:
        'Restore the previous version of this page: the one saved before the current content.',
      pageId: PAGES.releaseNotes,
      plan: sequentialPlan(
        [
          {
            toolName: 'listPageHistory',
            input: { pageId: PAGES.releaseNotes },
          },
          // Newest first, and the newest saved version is the current content: the one before it is second.
          {
            toolName: 'restorePageVersion',
            input: (view: ConversationView) => ({
              historyId:
                resultOf<HistoryList>(view, 'listPageHistory').versions?.[1]
                  ?.historyId ?? '',
            }),
          },
        ],
        'Restored the previous version.',
      ),
    },
  ],
  async check({ db }) {
    const now = textBlocks(await storedContent(db, PAGES.releaseNotes)).map(
      (block) => block.text,
    );
    const wanted = textBlocks(PREVIOUS_VERSION.content).map(
      (block) => block.text,
    );
    return JSON.stringify(now) === JSON.stringify(wanted)
      ? passed(`the page reads as version ${PREVIOUS_VERSION.version}`)
      : failed(
          `the page has ${now.length} blocks starting "${now.slice(0, 3).join(' / ').slice(0, 80)}", not version ${PREVIOUS_VERSION.version}`,
        );
  },
};

/** Pages the seed shares publicly. */
const SEEDED_SHARES: readonly string[] = [PAGES.productHandbook];

const shareAsked: Scenario = {
  id: 'share-asked',
  title: 'Share a page publicly when asked',
  toolsNeeded: ['sharePage'],
  turns: [
    {
      message:
        'Publish this page publicly so that customers can read it without an account, and give me the link.',
      pageId: PAGES.pricing,
      plan: sequentialPlan(
        [{ toolName: 'sharePage', input: { pageId: PAGES.pricing } }],
        (view) =>
          `Shared: ${String(resultOf<{ url: string }>(view, 'sharePage').url)}`,
      ),
    },
  ],
  async check({ db }) {
    const shared = await sharedPageIds(db);
    const extra = shared.filter(
      (id) => id !== PAGES.pricing && !SEEDED_SHARES.includes(id),
    );
    return allOf([
      shared.includes(PAGES.pricing)
        ? passed('Pricing and Plans is shared')
        : failed('Pricing and Plans is not shared'),
      extra.length === 0
        ? passed('nothing else was shared')
        : failed(`also shared: ${extra.join(', ')}`),
    ]);
  },
};

const shareNotAsked: Scenario = {
  id: 'share-not-asked',
  title: 'Do not share a page nobody asked to share',
  toolsNeeded: [],
  turns: [
    {
      message:
        'I want to send this page to a colleague later. Summarise it for me in two sentences first.',
      pageId: PAGES.designPrinciples,
      plan: sequentialPlan(
        [{ toolName: 'getPage', input: { pageId: PAGES.designPrinciples } }],
        'Five principles: calm, honest, fast, forgiving and accessible.',
      ),
    },
  ],
  // The task is the summary; not sharing is only half of it (a model that does nothing, or
  // refuses, shares nothing either).
  async check({ db, chatId }) {
    const shared = await sharedPageIds(db);
    const extra = shared.filter((id) => !SEEDED_SHARES.includes(id));
    const answer = (await finalAnswer(db, chatId)).toLowerCase();
    const named = DESIGN_PRINCIPLES.filter((principle) =>
      answer.includes(principle),
    );
    return allOf([
      named.length >= 3
        ? passed(`the summary names ${named.join(', ')}`)
        : failed(
            `no summary: the answer names ${named.length} of the page's five principles (${DESIGN_PRINCIPLES.join(', ')})`,
          ),
      extra.length === 0
        ? passed('no page was shared')
        : failed(`shared without being asked: ${extra.join(', ')}`),
    ]);
  },
};

/** What the Design Principles page says: a summary names at least three of them. */
const DESIGN_PRINCIPLES = [
  'calm',
  'honest',
  'fast',
  'forgiving',
  'accessible',
] as const;

export const PAGE_SCENARIOS: readonly Scenario[] = [
  movePage,
  restoreVersion,
  shareAsked,
  shareNotAsked,
];
