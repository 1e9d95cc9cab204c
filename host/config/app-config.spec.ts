import { StartupError } from '../../src';
import { loadAppConfig } from './app-config';

function errorOf(env: NodeJS.ProcessEnv): StartupError {
  try {
    loadAppConfig(env);
  } catch (error) {
    if (error instanceof StartupError) return error;
    throw error;
  }
  throw new Error('expected a StartupError');
}

describe('loadAppConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadAppConfig({})).toEqual({
      port: 3000,
      publicBaseUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDirectory: '.data',
      database: {
        driver: 'pg',
        statementTimeoutMs: 15_000,
        connectTimeoutMs: 5_000,
      },
      ai: {
        baseUrl: undefined,
        apiKey: undefined,
        model: undefined,
        maxSteps: 20,
        scriptedStepDelayMs: 800,
        callsPerUser: { running: 4, maxInProgress: 32 },
        commentSignalDebounceMs: 20_000,
        externalMcp: [],
        toolLoading: 'in-conversation',
      },
      collaboration: {
        debounceMs: 10_000,
        maxDebounceMs: 45_000,
        disableRedis: false,
      },
    });
  });

  it('reads every variable and treats blank values as unset', () => {
    const config = loadAppConfig({
      PORT: '8080',
      DATABASE_URL: ' postgres://u:p@db:5432/docmost ',
      AI_BASE_URL: 'http://llm.test/v1',
      AI_API_KEY: 'key',
      AI_MODEL: 'model-x',
      AI_MAX_STEPS: '5',
      AI_SCRIPTED_STEP_DELAY_MS: '1500',
      AI_COMMENT_SIGNAL_DEBOUNCE_MS: '',
      AI_CALLS_PER_USER_RUNNING: '2',
      AI_CALLS_PER_USER_MAX_IN_PROGRESS: '6',
      AI_EXTERNAL_MCP:
        '[{"name":"Jira","url":"https://mcp.test/jira","prefix":"jira"}]',
      APP_URL: 'https://docs.acme.test/',
      DATA_DIR: '/var/lib/docmost-ai-tools',
      DB_DRIVER: 'postgres-js',
      DB_STATEMENT_TIMEOUT_MS: '3000',
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_QUERY_TIMEOUT_MS: '4000',
      COLLAB_DEBOUNCE_MS: '500',
      COLLAB_MAX_DEBOUNCE_MS: '',
      COLLAB_DISABLE_REDIS: 'TRUE',
      REDIS_URL: ' redis://cache:6379/0 ',
    });
    expect(config).toEqual({
      port: 8080,
      redisUrl: 'redis://cache:6379/0',
      publicBaseUrl: 'https://docs.acme.test',
      databaseUrl: 'postgres://u:p@db:5432/docmost',
      dataDirectory: '/var/lib/docmost-ai-tools',
      database: {
        driver: 'postgres-js',
        statementTimeoutMs: 3000,
        connectTimeoutMs: 2000,
        queryTimeoutMs: 4000,
      },
      ai: {
        baseUrl: 'http://llm.test/v1',
        apiKey: 'key',
        model: 'model-x',
        maxSteps: 5,
        scriptedStepDelayMs: 1500,
        callsPerUser: { running: 2, maxInProgress: 6 },
        commentSignalDebounceMs: 20_000,
        externalMcp: [
          { name: 'Jira', url: 'https://mcp.test/jira', prefix: 'jira' },
        ],
        toolLoading: 'in-conversation',
      },
      collaboration: {
        debounceMs: 500,
        maxDebounceMs: 45_000,
        disableRedis: true,
      },
    });
  });

  it.each([
    [
      'PORT',
      { PORT: 'abc' },
      'PORT="abc" is not valid; expected an integer from 0 to 65535',
    ],
    ['PORT', { PORT: '70000' }, 'PORT="70000" is not valid'],
    [
      'AI_MAX_STEPS',
      { AI_MAX_STEPS: '0' },
      'AI_MAX_STEPS="0" is not valid; expected an integer from 1 to 200',
    ],
    [
      'AI_MAX_STEPS',
      { AI_MAX_STEPS: '2.5' },
      'AI_MAX_STEPS="2.5" is not valid',
    ],
    [
      'AI_COMMENT_SIGNAL_DEBOUNCE_MS',
      { AI_COMMENT_SIGNAL_DEBOUNCE_MS: '-1' },
      'AI_COMMENT_SIGNAL_DEBOUNCE_MS="-1" is not valid',
    ],
    [
      'DB_DRIVER',
      { DB_DRIVER: 'postgres' },
      'DB_DRIVER="postgres" is not valid; expected one of: pg, postgres-js',
    ],
    [
      'DB_STATEMENT_TIMEOUT_MS',
      { DB_STATEMENT_TIMEOUT_MS: '15s' },
      'DB_STATEMENT_TIMEOUT_MS="15s" is not valid; expected an integer from 0 to 3600000',
    ],
    [
      'DB_CONNECT_TIMEOUT_MS',
      { DB_CONNECT_TIMEOUT_MS: '0' },
      'DB_CONNECT_TIMEOUT_MS="0" is not valid; expected an integer from 1 to 600000',
    ],
    [
      'DB_QUERY_TIMEOUT_MS',
      { DB_QUERY_TIMEOUT_MS: '-5' },
      'DB_QUERY_TIMEOUT_MS="-5" is not valid',
    ],
    [
      'APP_URL',
      { APP_URL: 'docs.acme.test' },
      'APP_URL="docs.acme.test" is not a URL',
    ],
    ['APP_URL', { APP_URL: 'ftp://docs.acme.test' }, 'must use http or https'],
    [
      'AI_CALLS_PER_USER_RUNNING',
      { AI_CALLS_PER_USER_RUNNING: '0' },
      'AI_CALLS_PER_USER_RUNNING="0" is not valid; expected an integer from 1 to 1000',
    ],
    [
      'AI_CALLS_PER_USER_MAX_IN_PROGRESS',
      {
        AI_CALLS_PER_USER_RUNNING: '8',
        AI_CALLS_PER_USER_MAX_IN_PROGRESS: '4',
      },
      'AI_CALLS_PER_USER_MAX_IN_PROGRESS=4 is below AI_CALLS_PER_USER_RUNNING=8',
    ],
    [
      'REDIS_URL',
      { REDIS_URL: 'localhost:6379' },
      'REDIS_URL="localhost:6379" is not a Redis URL',
    ],
    [
      'AI_EXTERNAL_MCP',
      { AI_EXTERNAL_MCP: '{oops' },
      'AI_EXTERNAL_MCP is not valid JSON',
    ],
    [
      'AI_EXTERNAL_MCP',
      { AI_EXTERNAL_MCP: '[{"name":"x","url":"ftp://x","prefix":"x"}]' },
      'AI_EXTERNAL_MCP[0]["url"]',
    ],
    [
      'AI_EXTERNAL_MCP',
      {
        AI_EXTERNAL_MCP:
          '[{"name":"x","url":"http://x","prefix":"Bad-Prefix"}]',
      },
      'lowercase letters and digits',
    ],
    [
      'AI_EXTERNAL_MCP',
      {
        AI_EXTERNAL_MCP:
          '[{"name":"a","url":"http://a","prefix":"x"},{"name":"b","url":"http://b","prefix":"x"}]',
      },
      'prefix "x" is used twice',
    ],
  ])('names %s when its value is invalid', (variable, env, message) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(message);
    expect(error.message).not.toContain('\n');
  });
});
