import {
  runTransformScript,
  type TransformScriptRequest,
} from './run-transform-script';
import type { ScriptSandboxOptions } from './sandbox-options';
import { ScriptSandboxError } from './script-sandbox-error';

/** A page of a heading and a paragraph with a bold word, as scripts receive it. */
export const DOCUMENT = {
  type: 'doc',
  content: [
    {
      type: 'heading',
      attrs: { id: 'aaaaaaaaaaaa', level: 1 },
      content: [{ type: 'text', text: 'Title' }],
    },
    {
      type: 'paragraph',
      attrs: { id: 'bbbbbbbbbbbb' },
      content: [
        { type: 'text', text: 'Hello ' },
        { type: 'text', marks: [{ type: 'bold' }], text: 'world' },
      ],
    },
  ],
};

/** A transform of `document` (default `DOCUMENT`) by `script`, with the page's data. */
export function request(
  script: string,
  document: unknown = DOCUMENT,
): TransformScriptRequest {
  return {
    script,
    document,
    data: { pageId: 'page-1', title: 'Release notes' },
  };
}

/** What `script` returns on `DOCUMENT`. */
export async function run(
  script: string,
  options?: ScriptSandboxOptions,
): Promise<unknown> {
  return (await runTransformScript(request(script), options)).value;
}

/** The error `script` fails with (the test fails when it does not). */
export async function failure(
  script: string,
  options?: ScriptSandboxOptions,
  document?: unknown,
): Promise<ScriptSandboxError> {
  const error = await runTransformScript(
    request(script, document),
    options,
  ).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ScriptSandboxError);
  return error as ScriptSandboxError;
}
