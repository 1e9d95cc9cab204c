import { writtenBy, type DemoPage } from './demo-types';
import {
  bold,
  bulletList,
  commented,
  doc,
  heading,
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
const space = { spaceId: SEED_IDS.spaces.leadership } as const;

/** The Leadership space: only the owner and the admin are members. */
export const LEADERSHIP_PAGES: readonly DemoPage[] = [
  {
    ...space,
    id: P.leadershipOverview,
    slugId: 'oigwUpgNXs',
    title: 'Leadership Overview',
    icon: '🧭',
    parentPageId: null,
    position: 'a0',
    ...writtenBy(U.owner),
    createdAt: '2025-03-03T09:30:00.000Z',
    updatedAt: '2025-04-15T17:00:00.000Z',
    content: doc(
      heading(1, 'ankiwkrwztwf', 'Leadership Overview'),
      paragraph(
        'ucgxlmurkuwj',
        'This space is for the leadership team only: strategy, hiring and board material.',
      ),
      bulletList(
        listItem(
          paragraph(
            'naksjytkdged',
            link('Strategy 2026', '/s/leadership/p/AKYSTyXcyf'),
            ': where we are going.',
          ),
        ),
        listItem(
          paragraph(
            'indsfryzfsyu',
            link('Hiring Plan', '/s/leadership/p/YsUPmLe3XY'),
            ': who we hire and when.',
          ),
        ),
      ),
    ),
  },
  {
    ...space,
    id: P.strategy,
    slugId: 'AKYSTyXcyf',
    title: 'Strategy 2026',
    icon: '🎯',
    parentPageId: P.leadershipOverview,
    position: 'a0',
    ...writtenBy(U.owner),
    createdAt: '2025-04-01T09:00:00.000Z',
    updatedAt: '2025-05-28T18:30:00.000Z',
    content: doc(
      heading(1, 'tjdtpqchnkfi', 'Strategy 2026'),
      paragraph(
        'ujvcpfyaphzm',
        'Our goal for 2026 is to ',
        bold('double net revenue retention'),
        ' while keeping the team under 60 people.',
      ),
      heading(2, 'crtcsrempdyn', 'Pricing'),
      paragraph(
        N.strategyPricingParagraph,
        'We will ',
        commented('raise the Team plan to $10 per seat', C.strategyPricing),
        ' in March and grandfather existing customers for twelve months.',
      ),
      heading(2, 'iaohacuisiuv', 'Headcount'),
      paragraph(
        N.strategyHeadcountParagraph,
        'Hiring stays focused on ',
        commented(
          'two senior engineers and one designer',
          C.strategyHeadcount,
          true,
        ),
        ' in the first half.',
      ),
      heading(2, 'jgcszgyldogc', 'Risks'),
      bulletList(
        listItem(
          paragraph('lfuoqxftxaot', 'A competitor launches a free tier.'),
        ),
        listItem(paragraph('dvzuflungqux', 'Enterprise deals slip into 2027.')),
      ),
    ),
  },
  {
    ...space,
    id: P.hiringPlan,
    slugId: 'YsUPmLe3XY',
    title: 'Hiring Plan',
    icon: '🧑‍💼',
    parentPageId: P.leadershipOverview,
    position: 'a1',
    ...writtenBy(U.admin),
    createdAt: '2025-04-03T10:00:00.000Z',
    updatedAt: '2025-05-06T09:40:00.000Z',
    content: doc(
      heading(1, 'slhdndietbmu', 'Hiring Plan'),
      paragraph(
        'hfbtqwqrqbfl',
        'Open roles for the next two quarters. ',
        italic('Salaries are in the finance sheet, not here.'),
      ),
      table(
        tableRow(
          tableHeader(paragraph('fhaumgbvbxtf', 'Role')),
          tableHeader(paragraph('hmmjlrclbrqk', 'Team')),
          tableHeader(paragraph('ppfnlcixhklc', 'Quarter')),
          tableHeader(paragraph('ubhdpewsyprm', 'Status')),
        ),
        tableRow(
          tableCell(paragraph('wiakwygcdquc', 'Senior engineer')),
          tableCell(paragraph('xygumbnfmcxb', 'Platform')),
          tableCell(paragraph('zpwwzivrsmvi', 'Q3')),
          tableCell(paragraph('afezxweficwa', 'Interviewing')),
        ),
        tableRow(
          tableCell(paragraph('ligikqmxozrn', 'Senior engineer')),
          tableCell(paragraph('nexlifzhtpzo', 'Editor')),
          tableCell(paragraph('dkdpsbnsbqbz', 'Q3')),
          tableCell(paragraph('flbbadfqaxhy', 'Sourcing')),
        ),
        tableRow(
          tableCell(paragraph('jnsyhkuaefxe', 'Product designer')),
          tableCell(paragraph('jceqrluynlxz', 'Design')),
          tableCell(paragraph('xvfgkwpjhgmm', 'Q4')),
          tableCell(paragraph('huklbhzbrnbt', 'Not started')),
        ),
      ),
      heading(2, 'jvgihidkholm', 'Process'),
      orderedList(
        listItem(
          paragraph(
            'eovhhufszwam',
            'Hiring manager writes the role scorecard.',
          ),
        ),
        listItem(
          paragraph(
            'qmwiuwlmnwmo',
            'Two technical interviews and one values interview.',
          ),
        ),
        listItem(
          paragraph(
            'qnynpbwdhcpp',
            'Offer within three working days of the last interview.',
          ),
        ),
      ),
    ),
  },
  {
    ...space,
    id: P.boardPrep,
    slugId: 'Ay6QipsuwT',
    title: 'Board Meeting Prep',
    icon: '📊',
    parentPageId: null,
    position: 'a1',
    ...writtenBy(U.owner),
    createdAt: '2025-05-26T08:00:00.000Z',
    updatedAt: '2025-06-01T19:15:00.000Z',
    content: doc(
      heading(1, 'qslfvwubicwc', 'Board Meeting Prep'),
      paragraph(
        N.boardPrepNumbersParagraph,
        'Q2 revenue grew ',
        commented('18% quarter over quarter', C.boardPrepNumbers),
        ', driven by Team plan upgrades.',
      ),
      heading(2, 'ffthcepfcack', 'Agenda'),
      orderedList(
        listItem(paragraph('cmxuphwsuawb', 'Financials and runway.')),
        listItem(
          paragraph('ifmhwhyutaka', 'Strategy 2026 and the pricing change.'),
        ),
        listItem(paragraph('vbnovdjsalkn', 'Hiring plan.')),
      ),
    ),
  },
];
