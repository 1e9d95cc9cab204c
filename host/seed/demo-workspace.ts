import type { SpaceRole, UserRole } from '../../src';
import { SEED_IDS, SEED_SHARE_KEY } from './seed-ids';

const U = SEED_IDS.users;
const S = SEED_IDS.spaces;
const M = SEED_IDS.spaceMembers;

export const DEMO_WORKSPACE = {
  id: SEED_IDS.workspace,
  name: 'Acme',
  description: 'Demo workspace of docmost-ai-tools',
  hostname: 'acme',
} as const;

export interface DemoUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly role: UserRole;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { id: U.owner, name: 'Maya Chen', email: 'owner@acme.test', role: 'owner' },
  { id: U.admin, name: 'Sam Patel', email: 'admin@acme.test', role: 'admin' },
  {
    id: U.member,
    name: 'Jordan Lee',
    email: 'member@acme.test',
    role: 'member',
  },
];

/** The member reaches the Product space only through this group. */
export const DEMO_GROUP = {
  id: SEED_IDS.groups.writers,
  name: 'Writers',
  description: 'Everyone who writes product documentation',
  memberships: [{ id: SEED_IDS.groupUsers.memberInWriters, userId: U.member }],
} as const;

export interface DemoSpace {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly description: string;
}

export const DEMO_SPACES: readonly DemoSpace[] = [
  {
    id: S.product,
    name: 'Product',
    slug: 'product',
    description: 'Handbook, roadmap and product documentation',
  },
  {
    id: S.leadership,
    name: 'Leadership',
    slug: 'leadership',
    description: 'Strategy, hiring and board material',
  },
];

export interface DemoSpaceMember {
  readonly id: string;
  readonly spaceId: string;
  readonly userId: string | null;
  readonly groupId: string | null;
  readonly role: SpaceRole;
}

/** Product: owner and admin directly, the member via Writers. Leadership: owner and admin only. */
export const DEMO_SPACE_MEMBERS: readonly DemoSpaceMember[] = [
  {
    id: M.productOwner,
    spaceId: S.product,
    userId: U.owner,
    groupId: null,
    role: 'admin',
  },
  {
    id: M.productAdmin,
    spaceId: S.product,
    userId: U.admin,
    groupId: null,
    role: 'admin',
  },
  {
    id: M.productWriters,
    spaceId: S.product,
    userId: null,
    groupId: SEED_IDS.groups.writers,
    role: 'writer',
  },
  {
    id: M.leadershipOwner,
    spaceId: S.leadership,
    userId: U.owner,
    groupId: null,
    role: 'admin',
  },
  {
    id: M.leadershipAdmin,
    spaceId: S.leadership,
    userId: U.admin,
    groupId: null,
    role: 'writer',
  },
];

/** A public share of the handbook and the pages under it. */
export const DEMO_SHARE = {
  id: SEED_IDS.shares.productHandbook,
  key: SEED_SHARE_KEY,
  pageId: SEED_IDS.pages.productHandbook,
  spaceId: S.product,
  includeSubPages: true,
  creatorId: U.owner,
  createdAt: '2025-05-12T14:30:00.000Z',
} as const;
