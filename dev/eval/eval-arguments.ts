import { EvalError } from './eval-error';
import { TOOL_LOADINGS, type ToolLoading } from '../../src/deferred';
import { FULL_MODULE, type ModuleVariation } from './module-variation';

export interface EvalArguments {
  /** Print one JSON object as the last line. */
  readonly json: boolean;
  /** Runs of each scenario per mode. */
  readonly repeat: number;
  /** Scenario ids; undefined: all. */
  readonly only?: readonly string[];
  /** Persona ids; undefined: all (scripted runs only). */
  readonly personas?: readonly string[];
  /** Where to write the Markdown report; its SVG chart goes beside it. */
  readonly reportPath?: string;
  /**
   * Share of runs each model must complete in each mode for exit status 0 (`--min-rate`, 0 to
   * 1). Default 1: every run.
   */
  readonly minRate: number;
  /** Recovery paths of the module switched off (`--without repair,catalog`), to measure what each is worth. */
  readonly variation: ModuleVariation;
  /**
   * How ON hands a loaded tool to the model (`--tool-loading`): `in-conversation` (the reference
   * host's default) or `tool-list`; with `--without`, `tool-list`, whose recovery paths those are.
   */
  readonly toolLoading: ToolLoading;
}

export const EVAL_USAGE =
  'usage: npm run eval -- [--only id,id] [--persona id,id] [--repeat N] [--without repair,catalog,carry] [--tool-loading in-conversation|tool-list] [--report FILE.md] [--min-rate 0..1] [--json]';

function list(value: string, flag: string): string[] {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0)
    throw new EvalError(
      `${flag} needs a comma-separated list of ids; ${EVAL_USAGE}`,
    );
  return items;
}

/** Reads `npm run eval` arguments; anything unknown or malformed is an error naming it and the usage. */
export function parseEvalArguments(argv: readonly string[]): EvalArguments {
  let json = false;
  let repeat = 1;
  let only: string[] | undefined;
  let personas: string[] | undefined;
  let reportPath: string | undefined;
  let variation = FULL_MODULE;
  let toolLoading: ToolLoading | undefined;
  let minRate = 1;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    const [flag, inline] =
      argument.startsWith('--') && argument.includes('=')
        ? [
            argument.slice(0, argument.indexOf('=')),
            argument.slice(argument.indexOf('=') + 1),
          ]
        : [argument, undefined];
    const value = (): string => {
      const next = inline ?? argv[++index];
      if (next === undefined || next === '')
        throw new EvalError(`${flag} needs a value; ${EVAL_USAGE}`);
      return next;
    };
    switch (flag) {
      case '--json':
        json = true;
        break;
      case '--repeat': {
        const raw = value();
        repeat = Number(raw);
        if (!Number.isInteger(repeat) || repeat < 1 || repeat > 100)
          throw new EvalError(
            `--repeat "${raw}" is not valid; expected an integer from 1 to 100`,
          );
        break;
      }
      case '--min-rate': {
        const raw = value();
        minRate = Number(raw);
        if (!Number.isFinite(minRate) || minRate < 0 || minRate > 1)
          throw new EvalError(
            `--min-rate "${raw}" is not valid; expected a number from 0 to 1 (the share of runs that must complete)`,
          );
        break;
      }
      case '--only':
        only = list(value(), '--only');
        break;
      case '--persona':
        personas = list(value(), '--persona');
        break;
      case '--report': {
        reportPath = value();
        if (!reportPath.endsWith('.md'))
          throw new EvalError(
            `--report "${reportPath}" must name a Markdown file ending in .md (the chart is written beside it as .svg)`,
          );
        break;
      }
      case '--tool-loading': {
        const raw = value();
        if (!(TOOL_LOADINGS as readonly string[]).includes(raw))
          throw new EvalError(
            `--tool-loading "${raw}" is not valid; expected one of ${TOOL_LOADINGS.join(', ')}`,
          );
        toolLoading = raw as ToolLoading;
        break;
      }
      case '--without': {
        const parts = list(value(), '--without');
        const unknown = parts.filter(
          (part) => part !== 'repair' && part !== 'catalog' && part !== 'carry',
        );
        if (unknown.length > 0)
          throw new EvalError(
            `--without takes repair, catalog and/or carry, not ${unknown.map((part) => `"${part}"`).join(', ')}`,
          );
        variation = {
          repair: !parts.includes('repair'),
          catalog: !parts.includes('catalog'),
          carry: !parts.includes('carry'),
        };
        break;
      }
      default:
        throw new EvalError(`unknown argument "${argument}"; ${EVAL_USAGE}`);
    }
  }
  return {
    json,
    repeat,
    minRate,
    variation,
    toolLoading:
      toolLoading ??
      (variation === FULL_MODULE ? 'in-conversation' : 'tool-list'),
    ...(only === undefined ? {} : { only }),
    ...(personas === undefined ? {} : { personas }),
    ...(reportPath === undefined ? {} : { reportPath }),
  };
}
