/** A request without a usable bearer token; the message says what is missing or wrong. */
export class AuthenticationError extends Error {
  override readonly name = 'AuthenticationError';
}
