import type { DemoComment } from './demo-types';
import { SEED_IDS } from './seed-ids';

const P = SEED_IDS.pages;
const U = SEED_IDS.users;
const C = SEED_IDS.comments;

/**
 * Comment threads of the demo workspace. Every top-level comment is anchored by a comment
 * mark on its page whose `resolved` flag matches the thread; replies are not anchored.
 */
export const DEMO_COMMENTS: readonly DemoComment[] = [
  {
    id: C.roadmapSso,
    pageId: P.roadmap,
    parentCommentId: null,
    creatorId: U.member,
    body: 'Can we commit to SAML in Q3? Two renewals depend on it.',
    selection: 'single sign-on with SAML',
    createdAt: '2025-06-03T09:00:00.000Z',
  },
  {
    id: C.roadmapSsoReply,
    pageId: P.roadmap,
    parentCommentId: C.roadmapSso,
    creatorId: U.admin,
    body: 'Yes, engineering confirmed the estimate this morning.',
    selection: null,
    createdAt: '2025-06-03T10:30:00.000Z',
  },
  {
    id: C.roadmapMobile,
    pageId: P.roadmap,
    parentCommentId: null,
    creatorId: U.admin,
    body: 'Should the mobile editor really slip to Q4?',
    selection: 'mobile editor',
    createdAt: '2025-05-20T14:00:00.000Z',
    resolved: { byId: U.owner, at: '2025-05-21T08:15:00.000Z' },
  },
  {
    id: C.roadmapMobileReply,
    pageId: P.roadmap,
    parentCommentId: C.roadmapMobile,
    creatorId: U.owner,
    body: 'Yes, offline sync has to land first. Resolving.',
    selection: null,
    createdAt: '2025-05-21T08:14:00.000Z',
  },
  {
    id: C.supportEscalation,
    pageId: P.supportPlaybook,
    parentCommentId: null,
    creatorId: U.admin,
    body: 'Should billing errors be on this list too?',
    selection: 'data loss or a security issue',
    createdAt: '2025-05-30T11:10:00.000Z',
  },
  {
    id: C.strategyPricing,
    pageId: P.strategy,
    parentCommentId: null,
    creatorId: U.admin,
    body: 'Sales thinks $10 will hurt small teams. Can we model $9 as well?',
    selection: 'raise the Team plan to $10 per seat',
    createdAt: '2025-05-28T19:00:00.000Z',
  },
  {
    id: C.strategyPricingReply,
    pageId: P.strategy,
    parentCommentId: C.strategyPricing,
    creatorId: U.owner,
    body: 'Let us look at churn by team size first.',
    selection: null,
    createdAt: '2025-05-29T08:20:00.000Z',
  },
  {
    id: C.strategyPricingSecondReply,
    pageId: P.strategy,
    parentCommentId: C.strategyPricing,
    creatorId: U.admin,
    body: "I will bring the numbers to Thursday's meeting.",
    selection: null,
    createdAt: '2025-05-29T09:05:00.000Z',
  },
  {
    id: C.strategyHeadcount,
    pageId: P.strategy,
    parentCommentId: null,
    creatorId: U.owner,
    body: 'Is one designer enough for two product teams?',
    selection: 'two senior engineers and one designer',
    createdAt: '2025-04-20T10:00:00.000Z',
    resolved: { byId: U.admin, at: '2025-04-22T16:45:00.000Z' },
  },
  {
    id: C.boardPrepNumbers,
    pageId: P.boardPrep,
    parentCommentId: null,
    creatorId: U.owner,
    body: 'Please double-check this figure against the finance export.',
    selection: '18% quarter over quarter',
    createdAt: '2025-06-01T19:20:00.000Z',
  },
];
