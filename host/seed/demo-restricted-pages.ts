import { writtenBy, type DemoPage } from './demo-types';
import {
  bulletList,
  doc,
  heading,
  listItem,
  paragraph,
  table,
  tableCell,
  tableHeader,
  tableRow,
} from './prosemirror-builders';
import { SEED_IDS } from './seed-ids';

const P = SEED_IDS.pages;
const U = SEED_IDS.users;
const space = { spaceId: SEED_IDS.spaces.product } as const;

/**
 * Product-space pages under Docmost's page-level permissions, so the demo data exercises them:
 * a page only the owner may see, a page below it that inherits that restriction, and a page the
 * Writers group (the member) may read but only the owner may edit.
 */
export const RESTRICTED_PAGES: readonly DemoPage[] = [
  {
    ...space,
    id: P.compensationReview,
    slugId: 'Rq7cWm2xPe',
    title: 'Compensation Review 2025',
    icon: '🔒',
    parentPageId: null,
    position: 'a3',
    ...writtenBy(U.owner),
    createdAt: '2025-04-01T09:00:00.000Z',
    updatedAt: '2025-04-03T16:00:00.000Z',
    content: doc(
      heading(1, 'kvyqhzmrtwen', 'Compensation Review 2025'),
      paragraph(
        'pbnxtqzlwuja',
        'Confidential: the yearly review of salaries and equity, visible to the owner only.',
      ),
      heading(2, 'wjhsqmgnbxre', 'Timeline'),
      bulletList(
        listItem(
          paragraph('fqzmdkyhrvcu', 'Managers submit proposals by 30 April.'),
        ),
        listItem(paragraph('ngtxlwpojbea', 'New salaries apply from 1 June.')),
      ),
    ),
  },
  {
    ...space,
    id: P.salaryBands,
    slugId: 'Tz4hNb8vKd',
    title: 'Salary Bands',
    icon: null,
    parentPageId: P.compensationReview,
    position: 'a0',
    ...writtenBy(U.owner),
    createdAt: '2025-04-02T10:00:00.000Z',
    updatedAt: '2025-04-02T10:30:00.000Z',
    content: doc(
      heading(1, 'cxuvgbiaksfo', 'Salary Bands'),
      paragraph(
        'hdrlyepwqnzm',
        'Bands per level; restricted through the compensation review above it.',
      ),
      table(
        tableRow(
          tableHeader(paragraph('mizkcuqvyhlt', 'Level')),
          tableHeader(paragraph('oawjbnrgfkse', 'Band')),
        ),
        tableRow(
          tableCell(paragraph('yslqevdnhmpc', 'Engineer II')),
          tableCell(paragraph('utfbkoqazwjr', '95k–120k')),
        ),
        tableRow(
          tableCell(paragraph('gpnwhxrmaceu', 'Senior Engineer')),
          tableCell(paragraph('lqjyzsvtdobk', '120k–150k')),
        ),
      ),
    ),
  },
  {
    ...space,
    id: P.launchPlan,
    slugId: 'Lp3sQx6nWa',
    title: 'Launch Plan 2.4',
    icon: '🚀',
    parentPageId: null,
    position: 'a4',
    ...writtenBy(U.owner),
    createdAt: '2025-05-20T09:00:00.000Z',
    updatedAt: '2025-06-01T15:00:00.000Z',
    content: doc(
      heading(1, 'zeoqfnwyagtl', 'Launch Plan 2.4'),
      paragraph(
        'bvkhmcsjrdxi',
        'Writers may read this plan; only the owner edits it until the launch date is final.',
      ),
      heading(2, 'qnudtpyiezwh', 'Milestones'),
      bulletList(
        listItem(paragraph('jrcaxlgmtvob', 'Code freeze on 9 June.')),
        listItem(paragraph('ewfoyhkupnsq', 'Announcement on 16 June.')),
      ),
    ),
  },
];

/** One restriction (`page_access` row) and the grants on it (`page_permissions` rows). */
export interface DemoPageRestriction {
  readonly id: string;
  readonly pageId: string;
  readonly grants: readonly {
    readonly id: string;
    readonly userId: string | null;
    readonly groupId: string | null;
    /** Docmost's page roles: `writer` may edit, `reader` may only read. */
    readonly role: 'writer' | 'reader';
  }[];
}

const A = SEED_IDS.pageAccess;
const G = SEED_IDS.pagePermissions;

export const DEMO_PAGE_RESTRICTIONS: readonly DemoPageRestriction[] = [
  {
    id: A.compensationReview,
    pageId: P.compensationReview,
    grants: [
      {
        id: G.compensationReviewOwner,
        userId: U.owner,
        groupId: null,
        role: 'writer',
      },
    ],
  },
  {
    id: A.launchPlan,
    pageId: P.launchPlan,
    grants: [
      { id: G.launchPlanOwner, userId: U.owner, groupId: null, role: 'writer' },
      {
        id: G.launchPlanWriters,
        userId: null,
        groupId: SEED_IDS.groups.writers,
        role: 'reader',
      },
    ],
  },
];
