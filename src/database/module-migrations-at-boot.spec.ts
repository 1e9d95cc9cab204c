import { resolveMigrationsAtBoot } from './module-migrations-at-boot';

describe('resolveMigrationsAtBoot (option migrate)', () => {
  it('is off unless asked, and takes the defaults with true', () => {
    expect(resolveMigrationsAtBoot(undefined)).toBeNull();
    expect(resolveMigrationsAtBoot(false)).toBeNull();
    expect(resolveMigrationsAtBoot(true)).toEqual({
      waitForHostSchemaMs: 60_000,
      onFailure: 'exit',
    });
    expect(
      resolveMigrationsAtBoot({ waitForHostSchemaMs: 0, onFailure: 'throw' }),
    ).toEqual({ waitForHostSchemaMs: 0, onFailure: 'throw' });
  });

  it.each([
    [
      { waitForHostSchemaMs: Number.NaN },
      "migrate.waitForHostSchemaMs must be a number of milliseconds from 0 (how long the boot waits for Docmost's own migrations), got NaN",
    ],
    [
      { waitForHostSchemaMs: -1 },
      'migrate.waitForHostSchemaMs must be a number of milliseconds from 0',
    ],
    [
      { onFailure: 'ignore' },
      `migrate.onFailure must be 'exit' or 'throw', got "ignore"`,
    ],
  ])('refuses %j, saying what is valid', (migrate, message) => {
    expect(() => resolveMigrationsAtBoot(migrate)).toThrow(message);
  });
});
