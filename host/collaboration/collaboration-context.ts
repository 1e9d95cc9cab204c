/**
 * What a collaboration connection carries as Hocuspocus' `context`, shaped as Docmost's: the
 * person, and for the agent's connections `actor: 'agent'` and the chat (Docmost's persistence
 * reads `actor`; the package's default connection context, minted into the agent's token).
 */
export interface CollaborationContext {
  readonly user?: { readonly id?: string };
  readonly workspace?: { readonly id?: string };
  /** `'agent'` for the agent's connections; a person's has none. */
  readonly actor?: string;
  readonly aiChatId?: string | null;
}
