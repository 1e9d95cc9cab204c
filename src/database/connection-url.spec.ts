import { driverConnectionString } from './connection-url';

describe('driverConnectionString', () => {
  it("removes Prisma's schema parameter Docmost's DATABASE_URL carries, keeping the rest", () => {
    expect(
      driverConnectionString(
        'postgresql://docmost:secret@db:5432/docmost?schema=public',
      ),
    ).toBe('postgresql://docmost:secret@db:5432/docmost');
    expect(
      driverConnectionString(
        'postgres://u:p%40ss@db/docmost?sslmode=require&schema=public&application_name=x',
      ),
    ).toBe('postgres://u:p%40ss@db/docmost?sslmode=require&application_name=x');
  });

  it('leaves a URL without it, and a string that is no URL, exactly as given', () => {
    expect(
      driverConnectionString('postgres://u@db/docmost?sslmode=disable'),
    ).toBe('postgres://u@db/docmost?sslmode=disable');
    expect(driverConnectionString('not a url')).toBe('not a url');
  });
});
