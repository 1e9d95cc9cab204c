import { ToolError, type ToolErrorCode } from '../../../ground';
import type { ScriptFailureKind, ScriptSandboxError } from '../../sandbox';

const CODES: Readonly<Record<ScriptFailureKind, ToolErrorCode>> = {
  syntax: 'invalid_input',
  not_function: 'invalid_input',
  thrown: 'invalid_input',
  result: 'invalid_input',
  timeout: 'limit_exceeded',
  memory: 'limit_exceeded',
  stack: 'limit_exceeded',
  script_too_long: 'limit_exceeded',
  input_too_large: 'limit_exceeded',
  result_too_large: 'limit_exceeded',
  crashed: 'internal',
};

/** Log lines quoted back to the model when a script fails. */
const QUOTED_LOG_LINES = 10;

/** The sandbox's failure as the tool error the model reads: what went wrong, where, and what it printed. */
export function scriptFailure(error: ScriptSandboxError): ToolError {
  const logs = error.logs.slice(0, QUOTED_LOG_LINES);
  const printed =
    logs.length > 0
      ? ` Its console output before the failure: ${JSON.stringify(logs)}.`
      : '';
  return new ToolError(
    CODES[error.kind],
    `The transform script failed: ${error.message}. Nothing was written.${printed}`,
    {
      kind: error.kind,
      ...(error.location
        ? { line: error.location.line, column: error.location.column }
        : {}),
    },
  );
}
