import { Injectable } from '@nestjs/common';
import { DeferredToolsTurn, type DeferredToolsTurnOptions } from './deferred-tools-turn';

/**
 * Hands out the per-turn state of deferred tools. Stateless itself: every chat turn gets a
 * fresh `DeferredToolsTurn`, so turns start cold and never see each other's activations.
 */
@Injectable()
export class DeferredToolsService {
  startTurn(options: DeferredToolsTurnOptions): DeferredToolsTurn {
    return new DeferredToolsTurn(options);
  }
}
