import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  DeferredToolsService,
  type ChatTurn,
  type StartTurnOptions,
} from '../../src/deferred';

/**
 * Parts of deferred tools a run can switch off, to show what each recovery path is worth:
 * without repair a direct call of an unloaded tool gets the SDK's "unavailable tool" error;
 * without the catalog the model is told nothing about deferred tools. These are the recovery
 * paths of `toolLoading: 'tool-list'`; with `'in-conversation'` every deferred tool is a stub in
 * the tool list, so a run that switches one off states `toolLoading: 'tool-list'` (`runEval`).
 */
export interface ModuleVariation {
  readonly repair: boolean;
  readonly catalog: boolean;
  /** The chat carries the tools a turn loaded into its next turn. */
  readonly carry: boolean;
}

export const FULL_MODULE: ModuleVariation = {
  repair: true,
  catalog: true,
  carry: true,
};

/** Makes the app's chat turns leave out what `variation` switches off (the host's own turns otherwise). */
export function applyModuleVariation(
  app: NestFastifyApplication,
  variation: ModuleVariation,
): void {
  if (variation.repair && variation.catalog && variation.carry) return;
  const service = app.get(DeferredToolsService, { strict: false });
  const vary = <T extends ChatTurn<any>>(turn: T): T => {
    // The chat spreads the turn into streamText: the replacement must stay an enumerable own field.
    if (!variation.repair)
      Object.defineProperty(turn, 'experimental_repairToolCall', {
        value: async () => null,
        enumerable: true,
      });
    // The catalog is a getter on the prototype; an own field shadows it (and is not spread).
    if (!variation.catalog)
      Object.defineProperty(turn, 'catalogBlock', { value: '' });
    return turn;
  };
  const withoutCarrying = (options: StartTurnOptions): StartTurnOptions =>
    variation.carry ? options : { ...options, carriedTools: [] };
  // The chat service starts its turns with hooks (figures, memory); a host may call either.
  const startTurn = service.startTurn.bind(service);
  service.startTurn = (options) => vary(startTurn(withoutCarrying(options)));
  const startTurnWithHooks = service.startTurnWithHooks.bind(service);
  service.startTurnWithHooks = (options, hooks) =>
    vary(startTurnWithHooks(withoutCarrying(options), hooks));
}
