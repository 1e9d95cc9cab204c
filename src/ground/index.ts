export { abbreviate, QUOTED_INPUT_LENGTH } from './abbreviate';
export { errorMessage, messageWithCause } from './error-message';
export { escapeRegExp } from './escape-regexp';
export { isUuid } from './is-uuid';
export { withTimeout } from './with-timeout';
export { ToolError, type ToolErrorCode } from './tool-error';
