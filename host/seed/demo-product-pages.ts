import { writtenBy, type DemoPage } from './demo-types';
import {
  bold,
  bulletList,
  codeBlock,
  commented,
  doc,
  heading,
  image,
  italic,
  link,
  listItem,
  orderedList,
  paragraph,
  table,
  tableCell,
  tableHeader,
  tableRow,
} from './prosemirror-builders';
import { SEED_IDS, SEED_NODE_IDS as N } from './seed-ids';

const P = SEED_IDS.pages;
const U = SEED_IDS.users;
const C = SEED_IDS.comments;
const space = { spaceId: SEED_IDS.spaces.product } as const;

/** The Product space: a handbook tree, onboarding docs and meeting notes. */
export const PRODUCT_PAGES: readonly DemoPage[] = [
  {
    ...space,
    id: P.productHandbook,
    slugId: 'H5VVN528Jm',
    title: 'Product Handbook',
    icon: '📘',
    parentPageId: null,
    position: 'a0',
    ...writtenBy(U.owner),
    createdAt: '2025-03-03T09:00:00.000Z',
    updatedAt: '2025-05-12T14:20:00.000Z',
    content: doc(
      heading(1, N.handbookTitle, 'Product Handbook'),
      paragraph(
        N.handbookIntro,
        'This handbook is the ',
        bold('single source of truth'),
        ' for how Acme builds, ships and supports its product. Start with the ',
        link('Roadmap 2025', '/s/product/p/VFEpewF8Mc'),
        ' and the ',
        italic('Design Principles'),
        '.',
      ),
      heading(2, 'zdpcugpbjkpk', 'How we work'),
      bulletList(
        listItem(
          paragraph(
            'ejpkzdxavdyu',
            'Small, reversible releases every two weeks.',
          ),
        ),
        listItem(
          paragraph(
            'jmsuijwthdzs',
            'Decisions are written down before they are made.',
          ),
        ),
        listItem(
          paragraph(
            'tikpdzkutpmu',
            'Customers hear about changes from us first.',
          ),
        ),
      ),
      heading(2, 'pvjinrpmkkhh', 'Where things live'),
      paragraph(
        'xuuvnbsvibgb',
        'Specs live in this space, incident reviews on ',
        link('the status page', 'https://status.acme.test'),
        ', and contracts in the Leadership space.',
      ),
    ),
  },
  {
    ...space,
    id: P.roadmap,
    slugId: 'VFEpewF8Mc',
    title: 'Roadmap 2025',
    icon: '🗺️',
    parentPageId: P.productHandbook,
    position: 'a0',
    creatorId: U.owner,
    lastUpdatedById: U.admin,
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-06-03T08:45:00.000Z',
    content: doc(
      heading(1, 'dxpaxwjimliy', 'Roadmap 2025'),
      paragraph(
        'kwsldgwxjaxn',
        'Themes for the year: ',
        bold('reliability'),
        ', ',
        bold('collaboration'),
        ' and ',
        bold('self-serve onboarding'),
        '.',
      ),
      heading(2, N.roadmapQ3Heading, 'Q3'),
      paragraph(
        N.roadmapSsoParagraph,
        'Enterprise customers asked for ',
        commented('single sign-on with SAML', C.roadmapSso),
        ' before their renewals in October.',
      ),
      orderedList(
        listItem(paragraph('edgnftkxfcxt', 'SAML single sign-on')),
        listItem(paragraph('zezevzbblpqu', 'Audit log export')),
        listItem(paragraph('mtghjuszdcsr', 'Granular space permissions')),
      ),
      heading(2, 'kiszaldoxdmz', 'Q4'),
      paragraph(
        N.roadmapMobileParagraph,
        'The ',
        commented('mobile editor', C.roadmapMobile, true),
        ' moves to Q4 so the team can finish offline sync first.',
      ),
      bulletList(
        listItem(paragraph('ajgajsgjlzdq', 'Offline sync')),
        listItem(paragraph('jblrajfyrliz', 'Mobile editor beta')),
      ),
    ),
  },
  {
    ...space,
    id: P.releaseNotes,
    slugId: 'WRdVfawh28',
    title: 'Release Notes 2.4 (draft)',
    icon: '📝',
    parentPageId: P.productHandbook,
    position: 'a1',
    ...writtenBy(U.admin),
    createdAt: '2025-05-20T09:30:00.000Z',
    updatedAt: '2025-06-02T16:10:00.000Z',
    content: doc(
      heading(1, 'brawppsrsoqt', 'Release Notes 2.4'),
      paragraph('gklxdrwledju', italic('Draft: not yet published.')),
      heading(2, 'lbsbhesfmngm', 'Highlights'),
      paragraph(
        N.releaseNotesTypoParagraph,
        'Workspace admins now recieve a weekly digest, comments can be moved to a seperate thread, and an error that occured when pasting large tables is fixed.',
      ),
      paragraph(
        N.releaseNotesSecondTypoParagraph,
        'Search results now show teh page path under each title.',
      ),
      heading(2, 'upucsdvcplbp', 'Upgrade notes'),
      orderedList(
        listItem(paragraph('xihtlnpnzagf', 'Back up your database.')),
        listItem(paragraph('fryxizvxrzqr', 'Run the migrations.')),
        listItem(paragraph('alnggbcddsvh', 'Restart the server.')),
      ),
    ),
  },
  {
    ...space,
    id: P.pricing,
    slugId: 'wZd7GkPtHz',
    title: 'Pricing and Plans',
    icon: '💳',
    parentPageId: P.productHandbook,
    position: 'a2',
    ...writtenBy(U.owner),
    createdAt: '2025-03-10T11:00:00.000Z',
    updatedAt: '2025-04-01T09:00:00.000Z',
    content: doc(
      heading(1, 'mfadwdtobkvi', 'Pricing and Plans'),
      paragraph(
        N.pricingIntro,
        'Prices are per seat per month, billed annually. See the ',
        link('billing FAQ', 'https://acme.test/billing'),
        ' for taxes and invoices.',
      ),
      table(
        tableRow(
          tableHeader(paragraph(N.pricingHeaderPlan, 'Plan')),
          tableHeader(paragraph(N.pricingHeaderPrice, 'Price')),
          tableHeader(paragraph(N.pricingHeaderSeats, 'Seats')),
        ),
        tableRow(
          tableCell(paragraph(N.pricingStarterPlan, 'Starter')),
          tableCell(paragraph(N.pricingStarterPrice, '$0')),
          tableCell(paragraph('qidqsyczedmt', 'Up to 5')),
        ),
        tableRow(
          tableCell(paragraph(N.pricingTeamPlan, 'Team')),
          tableCell(paragraph(N.pricingTeamPrice, '$8')),
          tableCell(paragraph('bqlhlgmkyzli', 'Up to 200')),
        ),
        tableRow(
          tableCell(paragraph(N.pricingEnterprisePlan, 'Enterprise')),
          tableCell(paragraph(N.pricingEnterprisePrice, 'Contact sales')),
          tableCell(paragraph('romsftzplsjr', 'Unlimited')),
        ),
      ),
      heading(2, 'tayjxunemopi', 'Discounts'),
      bulletList(
        listItem(
          paragraph('ddpuebuzuigy', 'Non-profits get 50% off the Team plan.'),
        ),
        listItem(
          paragraph('hoxfqfotqxso', 'Classrooms use the Team plan for free.'),
        ),
      ),
    ),
  },
  {
    ...space,
    id: P.designPrinciples,
    slugId: 'HCEjaQasqG',
    title: 'Design Principles',
    icon: '🎨',
    parentPageId: P.productHandbook,
    position: 'a3',
    creatorId: U.admin,
    lastUpdatedById: U.member,
    createdAt: '2025-03-12T13:00:00.000Z',
    updatedAt: '2025-04-22T10:30:00.000Z',
    content: doc(
      heading(1, 'igpndyqvpbwx', 'Design Principles'),
      paragraph('lzlrkdlbclmz', 'Five principles guide every screen we ship.'),
      image(
        '/files/design-principles.png',
        'Diagram of the five design principles',
      ),
      bulletList(
        listItem(
          paragraph(
            'svimxlmopjuy',
            bold('Calm'),
            ': nothing moves unless the user moved it.',
          ),
        ),
        listItem(
          paragraph(
            'ptqfuuddqsuk',
            bold('Honest'),
            ': show real states, including errors.',
          ),
        ),
        listItem(
          paragraph(
            'xrzglkhxgcrp',
            bold('Fast'),
            ': every interaction answers within 100 ms.',
          ),
        ),
        listItem(
          paragraph(
            'kmdqwjgdftty',
            bold('Forgiving'),
            ': every action can be undone.',
          ),
        ),
        listItem(
          paragraph(
            'hfqprlvzbtkt',
            bold('Accessible'),
            ': keyboard first, WCAG AA contrast.',
          ),
        ),
      ),
    ),
  },
  {
    ...space,
    id: P.onboarding,
    slugId: 'cSzMPoUBka',
    title: 'Onboarding Guide',
    icon: '👋',
    parentPageId: null,
    position: 'a1',
    ...writtenBy(U.admin),
    createdAt: '2025-03-05T08:00:00.000Z',
    updatedAt: '2025-05-02T12:00:00.000Z',
    content: doc(
      heading(1, 'dvxsaxlwxggj', 'Onboarding Guide'),
      paragraph(
        'ikkkxxknwviw',
        'Welcome to Acme! Your first week has three goals: meet the team, ship something small, and learn where help lives.',
      ),
      heading(2, 'mmogixdfybpt', 'Day one'),
      orderedList(
        listItem(
          paragraph(
            'huwbzctfpfed',
            'Set up your laptop with the ',
            link('Engineering Setup', '/s/product/p/GCLSZExq56'),
            ' guide.',
          ),
        ),
        listItem(
          paragraph(
            'pcttstchgiie',
            'Join the ',
            bold('#product'),
            ' and ',
            bold('#support'),
            ' channels.',
          ),
        ),
        listItem(
          paragraph(
            'ljsekzemoeir',
            'Book a coffee with your onboarding buddy.',
          ),
        ),
      ),
      heading(2, 'cirjukdoubpj', 'First week'),
      paragraph(
        'kfqnjwnsjdbf',
        'Pair with a teammate on a real bug, and read the ',
        link('Support Playbook', '/s/product/p/cqYnaCMLmX'),
        ' before your first support shift.',
      ),
    ),
  },
  {
    ...space,
    id: P.engineeringSetup,
    slugId: 'GCLSZExq56',
    title: 'Engineering Setup',
    icon: '🛠️',
    parentPageId: P.onboarding,
    position: 'a0',
    creatorId: U.admin,
    lastUpdatedById: U.member,
    createdAt: '2025-03-06T08:30:00.000Z',
    updatedAt: '2025-05-14T15:45:00.000Z',
    content: doc(
      heading(1, 'kvkbyrtndoba', 'Engineering Setup'),
      paragraph(
        'ovwjlwrjvudu',
        'You need Node.js 20, Docker and access to the ',
        italic('acme'),
        ' GitHub organisation.',
      ),
      orderedList(
        listItem(paragraph('gdlfnfohbikx', 'Clone the monorepo.')),
        listItem(
          paragraph(
            'egvuzigegjzm',
            'Copy ',
            bold('.env.example'),
            ' to ',
            bold('.env'),
            '.',
          ),
        ),
        listItem(
          paragraph(
            'qhxlhqkseulg',
            'Start the stack and open the app on port 3000.',
          ),
        ),
      ),
      codeBlock(
        'bash',
        'git clone git@github.com:acme/app.git\ncd app && npm install\nnpm start',
      ),
      paragraph(
        'lzlbxosiikvy',
        'Ask in #engineering if a step fails; fix this page when you find out why.',
      ),
    ),
  },
  {
    ...space,
    id: P.supportPlaybook,
    slugId: 'cqYnaCMLmX',
    title: 'Support Playbook',
    icon: '🛟',
    parentPageId: P.onboarding,
    position: 'a1',
    creatorId: U.owner,
    lastUpdatedById: U.admin,
    createdAt: '2025-03-07T09:15:00.000Z',
    updatedAt: '2025-05-30T11:05:00.000Z',
    content: doc(
      heading(1, 'txyybvclcmde', 'Support Playbook'),
      paragraph(
        'atkxkxfcytal',
        'Support shifts rotate weekly. The person on shift answers the queue within four business hours.',
      ),
      heading(2, 'znosuxnfmcqt', 'Escalation'),
      paragraph(
        'qxkykntzctho',
        'Escalate to the on-call engineer when a customer reports ',
        commented('data loss or a security issue', C.supportEscalation),
        ', or when more than three customers report the same bug in one day.',
      ),
      bulletList(
        listItem(
          paragraph('gedofebffeyp', 'Tag the ticket ', italic('urgent'), '.'),
        ),
        listItem(
          paragraph('iixaodwfscqm', 'Page on-call through the incident bot.'),
        ),
        listItem(
          paragraph('vnroskmqkyxt', 'Post a short summary in #incidents.'),
        ),
      ),
    ),
  },
  {
    ...space,
    id: P.meetingNotes,
    slugId: 'jeFTtrvkXe',
    title: 'Meeting Notes',
    icon: '🗒️',
    parentPageId: null,
    position: 'a2',
    ...writtenBy(U.member),
    createdAt: '2025-03-10T08:00:00.000Z',
    updatedAt: '2025-03-10T08:00:00.000Z',
    content: doc(
      heading(1, 'mwvbuincntlh', 'Meeting Notes'),
      paragraph(
        'aomzfccwkdyc',
        'Notes of the weekly product sync, newest first. Copy the last page as a template.',
      ),
    ),
  },
  {
    ...space,
    id: P.weeklySync,
    slugId: 'DsMBXh4Sah',
    title: 'Weekly Sync 2025-06-02',
    icon: null,
    parentPageId: P.meetingNotes,
    position: 'a0',
    ...writtenBy(U.member),
    createdAt: '2025-06-02T10:00:00.000Z',
    updatedAt: '2025-06-02T11:00:00.000Z',
    content: doc(
      heading(1, 'lzrymnmlcvpq', 'Weekly Sync 2025-06-02'),
      paragraph('ewgkfqvfvsrb', bold('Attendees:'), ' Maya, Sam, Jordan.'),
      heading(2, 'ghogsirbizgi', 'Decisions'),
      bulletList(
        listItem(paragraph('yxfmstjybkfj', 'Release 2.4 ships on 16 June.')),
        listItem(
          paragraph(
            'xmaxfpuqlwox',
            'The mobile editor beta waits for offline sync.',
          ),
        ),
      ),
      heading(2, 'xwndutrgczjx', 'Action items'),
      orderedList(
        listItem(
          paragraph('musazohsubkg', 'Jordan proofreads the release notes.'),
        ),
        listItem(
          paragraph(
            'wfjulpzefrrl',
            'Sam updates the pricing table for the new Team price.',
          ),
        ),
      ),
    ),
  },
];
