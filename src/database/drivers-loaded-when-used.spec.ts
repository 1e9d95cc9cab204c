const NOWHERE = 'postgres://user@127.0.0.1:1/none';

describe('database drivers', () => {
  it('are loaded only when a Kysely is created over them, one at a time: a host mounting the module on its own Kysely loads none', async () => {
    // Recorded as the package requires them: each factory hands back the real driver module.
    const loaded = { pg: false, postgres: false };
    jest.doMock('pg', () => {
      loaded.pg = true;
      return jest.requireActual('pg');
    });
    jest.doMock('postgres', () => {
      loaded.postgres = true;
      return jest.requireActual('postgres');
    });
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- after the recorders
    const entry = require('../index') as typeof import('../index');
    expect(loaded).toEqual({ pg: false, postgres: false });

    // No connection is made before a first query.
    await entry
      .createKysely({ connectionString: NOWHERE, driver: 'pg' })
      .destroy();
    expect(loaded).toEqual({ pg: true, postgres: false });

    await entry
      .createKysely({ connectionString: NOWHERE, driver: 'postgres-js' })
      .destroy();
    expect(loaded).toEqual({ pg: true, postgres: true });
  });
});
