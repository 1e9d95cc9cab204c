/**
 * What a collaboration connection carries as Hocuspocus' `context`: the person, and for the
 * agent's direct connections the source and chat (the package's default connection context).
 */
export interface CollaborationContext {
  readonly user?: { readonly id?: string };
  readonly workspace?: { readonly id?: string };
  /** `'agent'` for the agent's changes; a person's connection says `'user'`. */
  readonly source?: string;
  readonly aiChatId?: string | null;
}
