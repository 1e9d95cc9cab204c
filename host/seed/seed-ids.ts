/**
 * Fixed ids of the demo workspace. Re-running the seed upserts these same rows, and tests
 * address rows and blocks by meaning (`SEED_IDS.pages.pricing`, `SEED_NODE_IDS.pricingTeamPrice`).
 */
export const SEED_IDS = {
  workspace: '5eed0001-0000-4000-8000-000000000001',
  users: {
    owner: '5eed0002-0000-4000-8000-000000000001',
    admin: '5eed0002-0000-4000-8000-000000000002',
    member: '5eed0002-0000-4000-8000-000000000003',
  },
  groups: {
    writers: '5eed0003-0000-4000-8000-000000000001',
  },
  groupUsers: {
    memberInWriters: '5eed0004-0000-4000-8000-000000000001',
  },
  spaces: {
    product: '5eed0005-0000-4000-8000-000000000001',
    leadership: '5eed0005-0000-4000-8000-000000000002',
  },
  spaceMembers: {
    productOwner: '5eed0006-0000-4000-8000-000000000001',
    productAdmin: '5eed0006-0000-4000-8000-000000000002',
    productWriters: '5eed0006-0000-4000-8000-000000000003',
    leadershipOwner: '5eed0006-0000-4000-8000-000000000004',
    leadershipAdmin: '5eed0006-0000-4000-8000-000000000005',
  },
  pages: {
    /** Product space, root; publicly shared. */
    productHandbook: '5eed0007-0000-4000-8000-000000000001',
    /** Two comment threads, one resolved. */
    roadmap: '5eed0007-0000-4000-8000-000000000002',
    /** Deliberate typos (proofreading demo); three history versions. */
    releaseNotes: '5eed0007-0000-4000-8000-000000000003',
    /** A table (table-edit demo). */
    pricing: '5eed0007-0000-4000-8000-000000000004',
    /** An image and a bullet list. */
    designPrinciples: '5eed0007-0000-4000-8000-000000000005',
    onboarding: '5eed0007-0000-4000-8000-000000000006',
    engineeringSetup: '5eed0007-0000-4000-8000-000000000007',
    /** One open comment thread without replies. */
    supportPlaybook: '5eed0007-0000-4000-8000-000000000008',
    meetingNotes: '5eed0007-0000-4000-8000-000000000009',
    weeklySync: '5eed0007-0000-4000-8000-000000000010',
    /** Leadership space (the member has no access). */
    leadershipOverview: '5eed0007-0000-4000-8000-000000000011',
    /** Comment threads (one resolved) and two history versions. */
    strategy: '5eed0007-0000-4000-8000-000000000012',
    /** A second table. */
    hiringPlan: '5eed0007-0000-4000-8000-000000000013',
    /** One open comment thread. */
    boardPrep: '5eed0007-0000-4000-8000-000000000014',
    /** Product space, restricted to the owner: the admin and the member do not see it. */
    compensationReview: '5eed0007-0000-4000-8000-000000000015',
    /** Under the compensation review: restricted by inheritance, no restriction of its own. */
    salaryBands: '5eed0007-0000-4000-8000-000000000016',
    /** Product space, restricted: the Writers group reads (so the member may read, not edit), the owner writes. */
    launchPlan: '5eed0007-0000-4000-8000-000000000017',
  },
  /** `page_access` rows: the restrictions of the pages above. */
  pageAccess: {
    compensationReview: '5eed000b-0000-4000-8000-000000000001',
    launchPlan: '5eed000b-0000-4000-8000-000000000002',
  },
  pagePermissions: {
    compensationReviewOwner: '5eed000c-0000-4000-8000-000000000001',
    launchPlanOwner: '5eed000c-0000-4000-8000-000000000002',
    launchPlanWriters: '5eed000c-0000-4000-8000-000000000003',
  },
  comments: {
    roadmapSso: '5eed0008-0000-4000-8000-000000000001',
    roadmapSsoReply: '5eed0008-0000-4000-8000-000000000002',
    roadmapMobile: '5eed0008-0000-4000-8000-000000000003',
    roadmapMobileReply: '5eed0008-0000-4000-8000-000000000004',
    supportEscalation: '5eed0008-0000-4000-8000-000000000005',
    strategyPricing: '5eed0008-0000-4000-8000-000000000006',
    strategyPricingReply: '5eed0008-0000-4000-8000-000000000007',
    strategyPricingSecondReply: '5eed0008-0000-4000-8000-000000000008',
    strategyHeadcount: '5eed0008-0000-4000-8000-000000000009',
    boardPrepNumbers: '5eed0008-0000-4000-8000-000000000010',
  },
  pageHistory: {
    releaseNotesV1: '5eed0009-0000-4000-8000-000000000001',
    releaseNotesV2: '5eed0009-0000-4000-8000-000000000002',
    releaseNotesV3: '5eed0009-0000-4000-8000-000000000003',
    strategyV1: '5eed0009-0000-4000-8000-000000000004',
    strategyV2: '5eed0009-0000-4000-8000-000000000005',
  },
  shares: {
    productHandbook: '5eed000a-0000-4000-8000-000000000001',
  },
} as const;

/** The public share's key (as in a `/share/<key>` link). */
export const SEED_SHARE_KEY = 'K8af8A5REbQGjE3G';

/** Block ids (`attrs.id`) that tests and the demo address directly. */
export const SEED_NODE_IDS = {
  handbookTitle: 'xzowgdvzpenp',
  handbookIntro: 'myjcrvcqgjoo',
  roadmapQ3Heading: 'hgazsmjfdval',
  /** Anchors the open comment thread `SEED_IDS.comments.roadmapSso`. */
  roadmapSsoParagraph: 'slbixqgkzfws',
  /** Anchors the resolved thread `SEED_IDS.comments.roadmapMobile`. */
  roadmapMobileParagraph: 'oupibcbervkp',
  /** Contains the typos "recieve", "seperate" and "occured". */
  releaseNotesTypoParagraph: 'zdufgkasaqcx',
  /** Contains the typo "teh". */
  releaseNotesSecondTypoParagraph: 'toruakuzxbje',
  pricingIntro: 'nvfpomjnvfzb',
  pricingHeaderPlan: 'yhpmigltxevy',
  pricingHeaderPrice: 'lgxojwtbiggc',
  pricingHeaderSeats: 'femkoyggxvuu',
  pricingStarterPlan: 'vbdblkaagqjb',
  pricingStarterPrice: 'cqtyxfuyxndm',
  pricingTeamPlan: 'mcmwfdjqjsmp',
  pricingTeamPrice: 'dvwkakrvhfrc',
  pricingEnterprisePlan: 'fwvypoxihntb',
  pricingEnterprisePrice: 'qyibhrfhtery',
  /** Anchors the open thread `SEED_IDS.comments.strategyPricing`. */
  strategyPricingParagraph: 'pruxnxekoeyf',
  /** Anchors the resolved thread `SEED_IDS.comments.strategyHeadcount`. */
  strategyHeadcountParagraph: 'hpwmhfdixbcq',
  boardPrepNumbersParagraph: 'fpbisekrnemm',
} as const;
