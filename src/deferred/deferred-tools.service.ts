import { Injectable } from '@nestjs/common';
import { DeferredToolsTurn, type DeferredToolsTurnOptions } from './deferred-tools-turn';

/**
 * Hands out the per-turn state of deferred tools. Stateless itself: every chat turn gets a
 * fresh `DeferredToolsTurn`, which starts from what the host carried over from the chat's
 * previous turn (`carriedTools`) or cold; turns never share state while they run.
 */
@Injectable()
export class DeferredToolsService {
  startTurn(options: DeferredToolsTurnOptions): DeferredToolsTurn {
    return new DeferredToolsTurn(options);
  }
}
