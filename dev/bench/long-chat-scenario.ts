import { SEED_IDS } from '../../host/seed/seed-ids';
import type { ConversationView } from '../eval/conversation-view';
import { allOf, failed, passed, type Scenario } from '../eval/scenario';
import { resultOf, sequentialPlan } from '../eval/scenarios/sequential-plan';

const PAGES = SEED_IDS.pages;

/** The page open next to the chat all along (the system prompt names it). */
const OPEN_PAGE = PAGES.productHandbook;

/** The Product space's pages the member reads, one a turn (then from the start again). */
/** The pages the long chat reads, one a turn, in order. */
export const LONG_CHAT_READ_PAGES = [
  PAGES.roadmap,
  PAGES.releaseNotes,
  PAGES.pricing,
  PAGES.designPrinciples,
  PAGES.onboarding,
  PAGES.engineeringSetup,
  PAGES.supportPlaybook,
  PAGES.meetingNotes,
  PAGES.weeklySync,
  PAGES.productHandbook,
] as const;

export const LONG_CHAT_TURNS = 12;
/** The turn (from 1) that needs a deferred tool: the chat loads one after six turns without. */
export const LONG_CHAT_LOADING_TURN = 7;
export const LONG_CHAT_LOADED_TOOL = 'getPageJson';

function answerNaming(view: ConversationView): string {
  const title = resultOf<{ title: string }>(view, 'getPage').title ?? '';
  const json = resultOf<{ title: string }>(view, LONG_CHAT_LOADED_TOOL);
  return json.title === undefined
    ? `Read "${title}".`
    : `Read "${title}" and its document JSON.`;
}

/**
 * A long chat for the cache figures: twelve turns in one chat opened next to one page (so the
 * system prompt stays the same), a `getPage` of another page each,
 * and in turn 7 also `getPageJson` (deferred, so the package ON loads it there). Not part of
 * the eval suite: it measures what a chat costs, and its check only confirms every turn read
 * its page (each stored answer names it).
 */
export const LONG_CHAT_SCENARIO: Scenario = {
  id: 'long-chat',
  title: 'Twelve turns, a page read in each, a deferred tool needed in turn 7',
  toolsNeeded: [LONG_CHAT_LOADED_TOOL],
  turns: Array.from({ length: LONG_CHAT_TURNS }, (_, index) => {
    const pageId = LONG_CHAT_READ_PAGES[index % LONG_CHAT_READ_PAGES.length]!;
    const loading = index + 1 === LONG_CHAT_LOADING_TURN;
    return {
      message: loading
        ? `Read page ${pageId}, and show me its document structure as JSON too.`
        : `Read page ${pageId} and tell me its title.`,
      pageId: OPEN_PAGE,
      plan: sequentialPlan(
        [
          { toolName: 'getPage', input: { pageId } },
          ...(loading
            ? [{ toolName: LONG_CHAT_LOADED_TOOL, input: { pageId } }]
            : []),
        ],
        answerNaming,
      ),
    };
  }),
  async check({ db, chatId }) {
    const answers = /^[0-9a-f-]{36}$/i.test(chatId)
      ? await db
          .selectFrom('aiChatMessages')
          .select('content')
          .where('chatId', '=', chatId)
          .where('role', '=', 'assistant')
          .orderBy('createdAt')
          .orderBy('id')
          .execute()
      : [];
    const named = answers.filter((row) =>
      /^Read "[^"]+"/.test(row.content ?? ''),
    ).length;
    const withJson = answers.filter((row) =>
      (row.content ?? '').includes('document JSON'),
    ).length;
    return allOf([
      named === LONG_CHAT_TURNS
        ? passed(`all ${LONG_CHAT_TURNS} answers name the page read`)
        : failed(
            `${named} of ${LONG_CHAT_TURNS} stored answers name a page read with getPage`,
          ),
      withJson === 1
        ? passed(`turn ${LONG_CHAT_LOADING_TURN} read the document JSON`)
        : failed(
            `${withJson} answers read a document JSON, expected 1 (turn ${LONG_CHAT_LOADING_TURN})`,
          ),
    ]);
  },
};
