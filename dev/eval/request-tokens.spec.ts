import { countTokens } from '../../host/chat/tool-tokens';
import type { ChatCompletionsBody } from '../chat-completions/chat-completions';
import { requestTokens, toolDefinitionTokens } from './request-tokens';

describe('request tokens', () => {
  const body: ChatCompletionsBody = {
    model: 'm',
    stream: true,
    tools: [
      {
        type: 'function',
        function: {
          name: 'getPage',
          description: 'Reads a page.',
          parameters: {
            type: 'object',
            properties: { pageId: { type: 'string' } },
          },
        },
      },
    ],
    messages: [
      {
        role: 'system',
        content:
          'You are the Docmost assistant. <tool_catalog>- getTable — reads a table</tool_catalog>',
      },
      { role: 'user', content: 'Raise the Team price to $10.' },
    ],
  };

  it('counts the tools array as sent', () => {
    expect(toolDefinitionTokens(body)).toBe(
      countTokens(JSON.stringify(body.tools)),
    );
    expect(toolDefinitionTokens({ ...body, tools: undefined })).toBe(0);
  });

  it('counts the whole body by parts, within a few tokens of counting it in one piece', () => {
    const whole = countTokens(JSON.stringify(body));
    expect(Math.abs(requestTokens(body) - whole)).toBeLessThanOrEqual(6);
    expect(requestTokens(body)).toBeGreaterThan(toolDefinitionTokens(body));
  });
});
