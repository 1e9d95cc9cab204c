import type { RecordedFigures } from './recorded-figures';
import type { DemoTurnId } from './demo-turns';
import type { SeenToolResult } from './model-call-view';
import type { RecordedAgentStep } from './scripted-agent';
import {
  countTokens,
  countToolTokens,
  functionToolsOf,
  toolCatalogBlockOf,
} from '../../host/chat/tool-tokens';
import { DOCMOST_TOOLS_TOTAL_TOKENS } from '../bench/docmost-tool-tokens';

/** One tool call of a step, with the result the model read for it on the next step. */
export interface StepToolCallReport {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  /** Absent when no later step was sent the result (the turn ended early). */
  readonly result?: Pick<SeenToolResult, 'text' | 'signals' | 'isError'>;
}

/** One model step of a turn. */
export interface StepReport {
  readonly stepNumber: number;
  /** The tools the model was sent this step, in the order sent. */
  readonly activeToolNames: readonly string[];
  /** Tools sent this step that the step before was not sent (what loadTools activated). */
  readonly newlyActiveToolNames: readonly string[];
  /** `'none'` on a final step with tools locked. */
  readonly toolChoice: string | undefined;
  /** Tokens of the serialized tools array sent this step. */
  readonly toolTokens: number;
  /** Tokens of this step's `<tool_catalog>` block (0 with deferred tools OFF). */
  readonly catalogTokens: number;
  /** What happened outside the agent before this step. */
  readonly events: readonly string[];
  readonly toolCalls: readonly StepToolCallReport[];
  readonly text?: string;
}

/** Tool-definition tokens of a turn: what was sent vs what every bound tool active would have sent. */
export interface TurnTokens {
  /** Tools arrays sent, summed over the steps. */
  readonly toolTokens: number;
  /** `<tool_catalog>` blocks, summed over the steps: the price of deferring, counted on this side. */
  readonly catalogTokens: number;
  /** `toolTokens + catalogTokens`. */
  readonly deferredTokens: number;
  /** Every bound tool's definition on every step, no catalog. */
  readonly allActiveTokens: number;
  /** `1 - deferred / allActive`, in percent, one decimal. */
  readonly savingPercent: number;
  /** Docmost's own 40 tools, all active, on every step: what Docmost sends today. */
  readonly docmostTokens: number;
  /** `deferred / docmost`, in percent, one decimal. */
  readonly shareOfDocmostPercent: number;
}

/**
 * What an editor holding the turn's page open saw change during the turn: its blocks' text
 * before and after, as a real collaboration client received it (not the database).
 */
export interface EditorView {
  readonly userEmail: string;
  /** Top-level blocks whose text the turn removed, and the ones it added (a changed block is both). */
  readonly removed: readonly string[];
  readonly added: readonly string[];
}

export interface TurnReport {
  readonly id: DemoTurnId;
  readonly title: string;
  readonly message: string;
  readonly pageTitle: string;
  readonly userEmail: string;
  readonly chatId: string;
  readonly steps: readonly StepReport[];
  readonly tokens: TurnTokens;
  readonly editorView?: EditorView;
}

/** What a turn's report is built from: the same header, with the steps as recorded. */
export interface TurnReportInput extends Omit<TurnReport, 'steps' | 'tokens'> {
  readonly steps: readonly RecordedAgentStep[];
  /** Tokens of the tools array with every bound tool active (deferred tools OFF). */
  readonly allActiveToolTokens: number;
}

/** `part / whole` in percent, one decimal; 0 for nothing to compare with. */
export function sharePercent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

/** Percent saved, one decimal; 0 when there was nothing to save. */
export function savingPercent(deferred: number, allActive: number): number {
  return allActive === 0
    ? 0
    : Math.round((1 - deferred / allActive) * 1000) / 10;
}

/** Reads a turn off the scripted agent's recorded steps: what each step was sent and answered. */
export function buildTurnReport(input: TurnReportInput): TurnReport {
  const steps = input.steps.map((step, index): StepReport => {
    const nextResults = input.steps[index + 1]?.view.results ?? [];
    const previousTools =
      index === 0 ? undefined : input.steps[index - 1]!.view.activeToolNames;
    const catalog = toolCatalogBlockOf(step.view.system);
    return {
      stepNumber: step.stepNumber,
      activeToolNames: step.view.activeToolNames,
      newlyActiveToolNames:
        previousTools === undefined
          ? []
          : step.view.activeToolNames.filter(
              (name) => !previousTools.includes(name),
            ),
      toolChoice: step.view.toolChoice,
      toolTokens: countToolTokens(functionToolsOf(step.callOptions.tools)),
      catalogTokens: catalog === '' ? 0 : countTokens(catalog),
      events: step.events,
      toolCalls: step.toolCalls.map((call) => {
        const result = nextResults.find(
          (candidate) => candidate.toolCallId === call.toolCallId,
        );
        return {
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          input: call.input,
          ...(result === undefined
            ? {}
            : {
                result: {
                  text: result.text,
                  signals: result.signals,
                  isError: result.isError,
                },
              }),
        };
      }),
      ...(step.text === undefined ? {} : { text: step.text }),
    };
  });
  const toolTokens = steps.reduce((sum, step) => sum + step.toolTokens, 0);
  const catalogTokens = steps.reduce(
    (sum, step) => sum + step.catalogTokens,
    0,
  );
  const allActiveTokens = input.allActiveToolTokens * steps.length;
  const docmostTokens = DOCMOST_TOOLS_TOTAL_TOKENS * steps.length;
  return {
    id: input.id,
    title: input.title,
    message: input.message,
    pageTitle: input.pageTitle,
    userEmail: input.userEmail,
    chatId: input.chatId,
    steps,
    tokens: {
      toolTokens,
      catalogTokens,
      deferredTokens: toolTokens + catalogTokens,
      allActiveTokens,
      savingPercent: savingPercent(toolTokens + catalogTokens, allActiveTokens),
      docmostTokens,
      shareOfDocmostPercent: sharePercent(
        toolTokens + catalogTokens,
        docmostTokens,
      ),
    },
    ...(input.editorView ? { editorView: input.editorView } : {}),
  };
}

/** The whole demo run. */
export interface DemoReport {
  /** The tokenizer encoding of every figure. */
  readonly encoding: string;
  /** Where it ran (password redacted). */
  readonly database: string;
  readonly boundToolCount: number;
  /** Specs without an executor: in no tools array and no catalog. */
  readonly unboundToolNames: readonly string[];
  /** Tokens of the tools array with every bound tool active (deferred tools OFF). */
  readonly allActiveToolTokens: number;
  /** The comment signal's debounce the app ran with (the demo sets 0: a count on every tool call). */
  readonly commentSignalDebounceMs: number;
  readonly turns: readonly TurnReport[];
  /** The turns' figures summed. */
  readonly totals: TurnTokens;
  /** Anything the demo changed to run (e.g. the workspace toggle), for the transcript. */
  readonly notes: readonly string[];
  /** What the module recorded of the turns, and what the admin route answers. */
  readonly recorded?: RecordedFigures;
}

/** Sums turn figures. */
export function sumTurnTokens(turns: readonly TurnReport[]): TurnTokens {
  const toolTokens = turns.reduce(
    (sum, turn) => sum + turn.tokens.toolTokens,
    0,
  );
  const catalogTokens = turns.reduce(
    (sum, turn) => sum + turn.tokens.catalogTokens,
    0,
  );
  const allActiveTokens = turns.reduce(
    (sum, turn) => sum + turn.tokens.allActiveTokens,
    0,
  );
  const docmostTokens = turns.reduce(
    (sum, turn) => sum + turn.tokens.docmostTokens,
    0,
  );
  return {
    toolTokens,
    catalogTokens,
    deferredTokens: toolTokens + catalogTokens,
    allActiveTokens,
    savingPercent: savingPercent(toolTokens + catalogTokens, allActiveTokens),
    docmostTokens,
    shareOfDocmostPercent: sharePercent(
      toolTokens + catalogTokens,
      docmostTokens,
    ),
  };
}
