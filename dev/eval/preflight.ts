import type { RealModel } from './run-eval';

/** Why the endpoint cannot be evaluated; the eval stops before any scenario with exit status 2. */
export class PreflightError extends Error {
  override readonly name = 'PreflightError';
}

function describeUnreachable(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })
    ?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  if (code === 'ECONNREFUSED') return 'is down (connection refused)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return 'has a host name that does not resolve';
  if ((error as { name?: string })?.name === 'TimeoutError')
    return 'did not answer within the preflight timeout';
  return `could not be reached (${cause?.message ?? (error as Error)?.message ?? String(error)})`;
}

/**
 * One request to the endpoint before the first scenario: a one-token chat completion for the
 * model. An endpoint that is down, refuses the key or names no such model stops the eval at
 * once with that reason, instead of erroring every scenario and counting their tokens.
 */
export async function preflight(
  model: RealModel,
  timeoutMs = 30_000,
): Promise<void> {
  const url = `${model.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(model.apiKey ? { authorization: `Bearer ${model.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: model.model,
        messages: [{ role: 'user', content: 'Reply with OK.' }],
        max_tokens: 1,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new PreflightError(
      `the endpoint ${model.baseUrl} ${describeUnreachable(error)}`,
    );
  }
  if (response.ok) return;
  const body = (await response.text().catch(() => '')).slice(0, 300);
  if (response.status === 401 || response.status === 403)
    throw new PreflightError(
      `the endpoint ${model.baseUrl} refuses the key (HTTP ${response.status}): set AI_API_KEY to a key it accepts`,
    );
  if (response.status === 404 || /model/i.test(body))
    throw new PreflightError(
      `the endpoint ${model.baseUrl} has no model "${model.model}" (HTTP ${response.status}: ${body}); set AI_MODEL to a model it serves`,
    );
  throw new PreflightError(
    `the endpoint ${model.baseUrl} answered HTTP ${response.status}: ${body}`,
  );
}
