import { ToolError } from './tool-error';

/** The ToolError `promise` is refused with; a promise that settles any other way fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ToolError);
  return error as ToolError;
}
