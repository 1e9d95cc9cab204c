/**
 * The value with every object's keys in the order PostgreSQL's `jsonb` keeps them (shorter
 * keys first, then by their bytes). Hosts store the chat's messages in `jsonb` (Docmost's
 * `ai_chat_messages.metadata`, the reference host's): a tool call's input or a result whose
 * keys came back in another order would differ from what the model read in the turn it was
 * made, and the chat's next turn would lose its cached prefix from there on.
 */
export function inStoredKeyOrder<T>(value: T): T {
  if (Array.isArray(value)) return value.map(inStoredKeyOrder) as T;
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).sort(
    ([left], [right]) =>
      Buffer.byteLength(left) - Buffer.byteLength(right) ||
      Buffer.compare(Buffer.from(left), Buffer.from(right)),
  );
  return Object.fromEntries(
    entries.map(([key, entry]) => [key, inStoredKeyOrder(entry)]),
  ) as T;
}
