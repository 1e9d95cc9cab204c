import { resolveCaller } from './resolve-caller';

describe('resolveCaller', () => {
  it("reads the reference host's request user", () => {
    expect(
      resolveCaller({
        userId: 'u1',
        workspaceId: 'w1',
        role: 'admin',
        email: 'a@b.test',
      }),
    ).toEqual({
      userId: 'u1',
      workspaceId: 'w1',
      role: 'admin',
    });
  });

  it("reads Docmost's { user, workspace } request user", () => {
    expect(
      resolveCaller({
        user: { id: 'u2', role: 'owner', workspaceId: 'w-old' },
        workspace: { id: 'w2' },
      }),
    ).toEqual({
      userId: 'u2',
      workspaceId: 'w2',
      role: 'owner',
    });
    expect(
      resolveCaller({ user: { id: 'u3', role: 'member', workspaceId: 'w3' } }),
    ).toEqual({ userId: 'u3', workspaceId: 'w3', role: 'member' });
  });

  it('resolves nothing for a missing user, an unknown role or a shape it does not know', () => {
    expect(resolveCaller(undefined)).toBeUndefined();
    expect(
      resolveCaller({ userId: 'u1', workspaceId: 'w1', role: 'superuser' }),
    ).toBeUndefined();
    expect(
      resolveCaller({ user: { id: 'u1', role: 'admin' } }),
    ).toBeUndefined();
    expect(resolveCaller({ id: 'u1' })).toBeUndefined();
    expect(resolveCaller('u1')).toBeUndefined();
  });
});
