import { AGENT_ACTOR } from '../../src';
import type { CollaborationContext } from './collaboration-context';
import type { Extension } from './hocuspocus';

/**
 * Stores a change made through an agent's connection at once instead of after the store delay
 * (10 s, at most 45 s): `pages.content`, its history row and the agent's provenance have the
 * agent's edit moments after the tool answered, as they had when the agent wrote through a
 * direct connection (which Hocuspocus stores after every transaction); Docmost's fork makes its
 * agent history snapshot at once too. A person's typing before it is stored with it as the
 * person's (the persistence cuts a store where the author changes).
 */
export const storeAgentChangesAtOnce: Extension = {
  async onChange({ context, documentName, instance }) {
    if ((context as CollaborationContext | undefined)?.actor !== AGENT_ACTOR)
      return;
    // After Hocuspocus scheduled the store this change asks for (it does so after the hooks).
    setImmediate(() => {
      const id = `onStoreDocument-${documentName}`;
      if (instance.debouncer.isDebounced(id))
        void instance.debouncer.executeNow(id);
    });
  },
};
