import {
  DocmostSession,
  setUpWorkspace,
  signIn,
  type Person,
} from './docmost-api';
import { withDatabase } from './docmost-checks';

/**
 * The people of the checks, made as Docmost makes them: the owner sets up the workspace, the
 * others accept the owner's invitations (the token read from `workspace_invitations`, where
 * Docmost's invitation email takes it from), and the owner makes a space of its own (Docmost's
 * default space lets the whole workspace write) and adds them with their roles.
 */
export type Role = 'owner' | 'admin' | 'member' | 'viewer' | 'outsider';

export const ROLES: readonly Role[] = [
  'owner',
  'admin',
  'member',
  'viewer',
  'outsider',
];

export interface Someone extends Person {
  readonly id: string;
  readonly role: Role;
  readonly session: DocmostSession;
}

export interface Workspace {
  readonly workspaceId: string;
  /** The space of the checks: the owner its admin, admin and member writers, viewer a reader. */
  readonly spaceId: string;
  readonly people: Readonly<Record<Role, Someone>>;
}

const PASSWORD = 'a long password 1';

function person(role: Role): Person {
  const name = {
    owner: 'Olga Owner',
    admin: 'Adam Admin',
    member: 'Mia Member',
    viewer: 'Vera Viewer',
    outsider: 'Otto Outsider',
  }[role];
  return { name, email: `${role}@checks.example.com`, password: PASSWORD };
}

/** Whose space role is what (the outsider is in the workspace, not in the space). */
const SPACE_ROLES: Readonly<
  Partial<Record<Role, 'admin' | 'writer' | 'reader'>>
> = {
  admin: 'writer',
  member: 'writer',
  viewer: 'reader',
};

export async function setUpPeople(
  baseUrl: string,
  databaseUrl: string,
): Promise<Workspace> {
  const { session: owner, workspace } = await setUpWorkspace(
    baseUrl,
    person('owner'),
    'Docmost checks',
  );
  const invited: Role[] = ['admin', 'member', 'viewer', 'outsider'];
  for (const role of invited)
    await owner.call('workspace/invites/create', {
      emails: [person(role).email],
      role: role === 'admin' ? 'admin' : 'member',
      groupIds: [],
    });
  const invitations = await withDatabase(
    databaseUrl,
    async (client) =>
      (
        await client.query<{ id: string; email: string; token: string }>(
          'select id, email, token from workspace_invitations where workspace_id = $1',
          [workspace.id],
        )
      ).rows,
  );
  const sessions: Partial<Record<Role, DocmostSession>> = { owner };
  for (const role of invited) {
    const invitation = invitations.find(
      (row) => row.email === person(role).email,
    );
    if (invitation === undefined)
      throw new Error(`Docmost stored no invitation for the ${role}`);
    const session = new DocmostSession(baseUrl);
    await session.call('workspace/invites/accept', {
      invitationId: invitation.id,
      token: invitation.token,
      name: person(role).name,
      password: PASSWORD,
    });
    sessions[role] =
      session.authToken === undefined
        ? await signIn(baseUrl, person(role))
        : session;
  }
  const ids = await withDatabase(
    databaseUrl,
    async (client) =>
      (
        await client.query<{ id: string; email: string }>(
          'select id, email from users where workspace_id = $1',
          [workspace.id],
        )
      ).rows,
  );
  const space = await owner.call<{ id: string }>('spaces/create', {
    name: 'Product',
    slug: 'product',
  });
  const people = Object.fromEntries(
    ROLES.map((role) => {
      const id = ids.find((row) => row.email === person(role).email)?.id;
      if (id === undefined)
        throw new Error(`Docmost has no user for the ${role}`);
      return [role, { ...person(role), id, role, session: sessions[role]! }];
    }),
  ) as Record<Role, Someone>;
  for (const [role, spaceRole] of Object.entries(SPACE_ROLES))
    await owner.call('spaces/members/add', {
      spaceId: space.id,
      role: spaceRole,
      userIds: [people[role as Role].id],
      groupIds: [],
    });
  return { workspaceId: workspace.id, spaceId: space.id, people };
}

/** Signs everyone in again on another instance of the same deployment (the cookie is a JWT of
 * the deployment's APP_SECRET, so the same cookie works there: a new session keeps ids apart). */
export function sessionOn(baseUrl: string, someone: Someone): DocmostSession {
  return new DocmostSession(baseUrl, someone.session.authToken);
}
