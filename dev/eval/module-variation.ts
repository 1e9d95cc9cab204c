import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DeferredToolsService } from '../../src/deferred/deferred-tools.service';

/**
 * Parts of deferred tools a run can switch off, to show what each recovery path is worth:
 * without repair a direct call of an unloaded tool gets the SDK's "unavailable tool" error;
 * without the catalog the model is told nothing about deferred tools.
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
  const startTurn = service.startTurn.bind(service);
  service.startTurn = (options) => {
    const turn = startTurn(
      variation.carry ? options : { ...options, carriedTools: [] },
    );
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
}
