import { SEED_IDS } from '../../host/seed/seed-ids';
import { DemoError } from './demo-error';
import type { AgentStep, AgentStepInput } from './scripted-agent';

export type DemoTurnId = 'proofreading' | 'table-edit' | 'human-comment';

/** One chat turn of the demo: what the user asks, next to which page, and the agent's script. */
export interface DemoTurnDefinition {
  readonly id: DemoTurnId;
  readonly title: string;
  readonly message: string;
  /** The page open next to the chat (the request's `pageId`); the agent reads it from its system prompt. */
  readonly pageId: string;
  readonly script: readonly AgentStep[];
}

export interface DemoTurnHooks {
  /**
   * Makes a human comment on the page, as a person would in Docmost's editor, while the agent
   * is between two tool calls. Returns one line for the transcript.
   */
  commentAsHuman(pageId: string): Promise<string>;
}

/** Misspellings the scripted proofreader knows, with their corrections. */
const MISSPELLINGS: Readonly<Record<string, string>> = {
  recieve: 'receive',
  seperate: 'separate',
  occured: 'occurred',
  teh: 'the',
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CURRENT_PAGE = new RegExp(`\\(pageId (${UUID})\\)`);
const SIGNAL_PAGE = new RegExp(
  `^\\[signal\\] new comments: \\d+ on page (${UUID})`,
);
const PAGE_LINE = /\[([a-z]{5,12})\] (.*)$/;

interface OutlineBlock {
  readonly index: number;
  readonly type: string;
  readonly id: string | null;
  readonly level: number | null;
  readonly firstText: string;
}

interface TableCell {
  readonly row: number;
  readonly column: number;
  readonly text: string;
}

interface CommentThread {
  readonly text: string;
  readonly createdAt: string;
  readonly createdSource: string;
  readonly author: { readonly name: string } | null;
}

/** The page the system prompt says is open next to the chat. */
function currentPageId(step: AgentStepInput): string {
  const match = CURRENT_PAGE.exec(step.system);
  if (match === null)
    throw new DemoError(
      `step ${step.stepNumber}: the system prompt names no current page`,
    );
  return match[1]!;
}

interface Slip {
  readonly blockId: string;
  readonly text: string;
  readonly words: readonly string[];
}

/** Blocks of a getPage body with the misspelled words each contains. */
function findSlips(content: string): Slip[] {
  const slips: Slip[] = [];
  for (const line of content.split('\n')) {
    const match = PAGE_LINE.exec(line);
    if (match === null) continue;
    const text = match[2]!;
    const words = (text.match(/[A-Za-z]+/g) ?? []).filter(
      (word) => word.toLowerCase() in MISSPELLINGS,
    );
    if (words.length > 0) slips.push({ blockId: match[1]!, text, words });
  }
  return slips;
}

/** The misspelled word and the two words after it: short, and unique within its block. */
function phraseAround(text: string, word: string): string {
  const match = new RegExp(`\\b${word}\\b(?:\\W+\\w+){0,2}`).exec(text);
  return match?.[0] ?? word;
}

function correct(phrase: string): string {
  return phrase.replace(
    /[A-Za-z]+/g,
    (word) => MISSPELLINGS[word.toLowerCase()] ?? word,
  );
}

/** (a) Proofreading on the core tier alone: read, comment on a sentence with several slips, fix a lone one. */
function proofreadingScript(): AgentStep[] {
  let slips: Slip[] = [];
  return [
    (step) => ({
      toolCalls: [
        { toolName: 'getPage', input: { pageId: currentPageId(step) } },
      ],
    }),
    (step) => {
      slips = findSlips(
        step.latestJson<{ content: string }>('getPage').content,
      );
      const several = slips.find((slip) => slip.words.length > 1);
      if (several === undefined)
        throw new DemoError(
          `step ${step.stepNumber}: no sentence with several misspellings on the page`,
        );
      const corrections = several.words
        .map((word) => `"${word}" → "${MISSPELLINGS[word.toLowerCase()]}"`)
        .join(', ');
      return {
        toolCalls: [
          {
            toolName: 'createComment',
            input: {
              pageId: currentPageId(step),
              selection: phraseAround(several.text, several.words[0]!),
              content: `Spelling in this sentence: ${corrections}. Left for the author, since the sentence may be reworded anyway.`,
            },
          },
        ],
      };
    },
    (step) => {
      step.latest('createComment');
      const lone = slips.find((slip) => slip.words.length === 1);
      if (lone === undefined)
        throw new DemoError(
          `step ${step.stepNumber}: no block with a single misspelling on the page`,
        );
      const find = phraseAround(lone.text, lone.words[0]!);
      return {
        toolCalls: [
          {
            toolName: 'editPageText',
            input: {
              pageId: currentPageId(step),
              blockId: lone.blockId,
              find,
              replace: correct(find),
            },
          },
        ],
      };
    },
    (step) => {
      const edit = step.latestJson<{ replacements: number }>('editPageText');
      return {
        text: `Proofread: left a comment on the sentence with several misspellings, and fixed ${edit.replacements} typo directly.`,
      };
    },
  ];
}

/** (b) A table edit: the table tools are deferred, so the agent loads them and uses them a step later. */
function tableEditScript(
  plan: string,
  column: string,
  newText: string,
): AgentStep[] {
  const wanted = ['getTable', 'tableUpdateCell'];
  let tableReference = '';
  return [
    (step) => ({
      toolCalls: [
        { toolName: 'getOutline', input: { pageId: currentPageId(step) } },
      ],
    }),
    (step) => {
      const table = step
        .latestJson<{ blocks: OutlineBlock[] }>('getOutline')
        .blocks.find((block) => block.type === 'table');
      if (table === undefined)
        throw new DemoError(
          `step ${step.stepNumber}: the outline shows no table`,
        );
      tableReference = `#${table.index}`;
      const missing = wanted.filter(
        (name) => !step.activeToolNames.includes(name),
      );
      const uncatalogued = missing.filter(
        (name) => !step.system.includes(`- ${name} — `),
      );
      if (uncatalogued.length > 0)
        throw new DemoError(
          `step ${step.stepNumber}: ${uncatalogued.join(', ')} neither active nor in the <tool_catalog>`,
        );
      return {
        toolCalls: [{ toolName: 'loadTools', input: { names: missing } }],
      };
    },
    (step) => {
      const inactive = wanted.filter(
        (name) => !step.activeToolNames.includes(name),
      );
      if (inactive.length > 0)
        throw new DemoError(
          `step ${step.stepNumber}: ${inactive.join(', ')} still not active after loadTools`,
        );
      return {
        toolCalls: [
          {
            toolName: 'getTable',
            input: { pageId: currentPageId(step), table: tableReference },
          },
        ],
      };
    },
    (step) => {
      const cells = step.latestJson<{ cells: TableCell[][] }>('getTable').cells;
      const columnIndex =
        cells[0]?.findIndex((cell) => cell.text === column) ?? -1;
      const rowIndex = cells.findIndex((row) => row[0]?.text === plan);
      if (columnIndex < 0 || rowIndex < 0)
        throw new DemoError(
          `step ${step.stepNumber}: no "${plan}" row or "${column}" column in the table`,
        );
      return {
        toolCalls: [
          {
            toolName: 'tableUpdateCell',
            input: {
              pageId: currentPageId(step),
              table: tableReference,
              row: rowIndex,
              column: columnIndex,
              text: newText,
            },
          },
        ],
      };
    },
    (step) => {
      const update = step.latestJson<{ previousText: string; text: string }>(
        'tableUpdateCell',
      );
      return {
        text: `Updated the ${plan} plan's ${column.toLowerCase()} from ${update.previousText} to ${update.text}.`,
      };
    },
  ];
}

/** (c) A human comments while the agent reads; the next tool result signals it, and the agent follows up. */
function humanCommentScript(hooks: DemoTurnHooks): AgentStep[] {
  return [
    (step) => ({
      toolCalls: [
        { toolName: 'getOutline', input: { pageId: currentPageId(step) } },
      ],
    }),
    async (step) => {
      const blocks = step.latestJson<{ blocks: OutlineBlock[] }>(
        'getOutline',
      ).blocks;
      const heading = blocks.findIndex(
        (block) => block.type === 'heading' && block.firstText === 'Q3',
      );
      const section = blocks[heading + 1];
      if (heading < 0 || section?.id == null)
        throw new DemoError(
          `step ${step.stepNumber}: no paragraph under a "Q3" heading in the outline`,
        );
      const event = await hooks.commentAsHuman(currentPageId(step));
      return {
        events: [event],
        toolCalls: [
          {
            toolName: 'getNode',
            input: { pageId: currentPageId(step), block: section.id },
          },
        ],
      };
    },
    (step) => {
      const signal = step.results.at(-1)?.signals[0];
      const pageId =
        signal === undefined ? undefined : SIGNAL_PAGE.exec(signal)?.[1];
      if (pageId === undefined)
        throw new DemoError(
          `step ${step.stepNumber}: the getNode result carried no [signal] line about new comments`,
        );
      return { toolCalls: [{ toolName: 'listComments', input: { pageId } }] };
    },
    (step) => {
      const threads = step.latestJson<{ threads: CommentThread[] }>(
        'listComments',
      ).threads;
      const newest = [...threads]
        .sort((left, right) => left.createdAt.localeCompare(right.createdAt))
        .at(-1);
      const who = newest?.author?.name ?? 'someone';
      return {
        text: `The Q3 paragraph reads clearly. While I was reading, ${who} added a comment on this page (${newest?.createdSource ?? 'user'}): "${newest?.text ?? ''}" — worth answering before the review.`,
      };
    },
  ];
}

/**
 * The demo's three turns, in order. Messages stay under 80 characters: a chat's title is its
 * first message cut to 80, and a rerun finds its earlier chats by title to remove them.
 */
export function buildDemoTurns(
  hooks: DemoTurnHooks,
): readonly DemoTurnDefinition[] {
  return [
    {
      id: 'proofreading',
      title: 'Proofreading (core tools only)',
      message:
        'Proofread this page: fix plain typos, comment where more than a fix is needed.',
      pageId: SEED_IDS.pages.releaseNotes,
      script: proofreadingScript(),
    },
    {
      id: 'table-edit',
      title: 'Table edit (needs loadTools)',
      message: 'Raise the Team plan price to $10 in the pricing table.',
      pageId: SEED_IDS.pages.pricing,
      script: tableEditScript('Team', 'Price', '$10'),
    },
    {
      id: 'human-comment',
      title: 'A human comments during the turn (comment signal)',
      message: 'Check whether the Q3 section of this page is clear.',
      pageId: SEED_IDS.pages.roadmap,
      script: humanCommentScript(hooks),
    },
  ];
}
