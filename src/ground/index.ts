export { abbreviate, QUOTED_INPUT_LENGTH } from './abbreviate';
export { errorMessage, messageWithCause } from './error-message';
export { isUuid } from './is-uuid';
export { withTimeout } from './with-timeout';
