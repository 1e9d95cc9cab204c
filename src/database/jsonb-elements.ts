import { sql, type RawBuilder } from 'kysely';

/**
 * The elements of two jsonb arrays as one relation `(value, position)`: `stored`'s first, in
 * their order, then `incoming`'s after every stored one. A merge of a stored list with a new
 * one (the chat memory's columns) groups these by its key.
 */
export function jsonbElementsOfBoth(
  stored: RawBuilder<unknown>,
  incoming: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`(
    select stored_element.value, stored_element.position
    from jsonb_array_elements(${stored}) with ordinality as stored_element(value, position)
    union all
    select incoming_element.value, incoming_element.position + 1000000
    from jsonb_array_elements(${incoming}) with ordinality as incoming_element(value, position)
  )`;
}
