import type { indexPartsZhCN } from '../zh-CN/indexParts.ts';

/** English: the index parts several screens show (see zh-CN/indexParts.ts). */
export const indexPartsEn: typeof indexPartsZhCN = {
  steelIndex: {
    day: {
      source: { quotes: 'Matched quotations', chained: 'Listing chain-link', carried: 'Carried forward' },
      samples: '{{count}} samples',
      outliers: '{{count}} outliers removed',
      provisional: 'Provisional',
      provisionalTip:
        'Provisional: too few quotations that day (chain-linked to listing prices or carried forward), or a large move on few samples. A later run with enough data confirms or corrects it; corrections are audited.',
      sourceTitle: 'Source',
    },
    trend: {
      gatedWhy: ' ({{why}})',
    },
    ranges: { m1: '1M', m3: '3M', m6: '6M', y1: '1Y', all: 'All' },
    gate: {
      login: 'Log in to see',
      vip: '$t(membership.vip) only',
      range: '{{range}}: {{gate}}',
    },
    limit: {
      login:
        'Visitors see the last 30 days. Log in for one year of history; $t(membership.vip) or $t(membership.data) shows all of it.',
      vip: 'Members see one year of history; $t(membership.vip) or $t(membership.data) shows all of it.',
      loginAction: 'Log in for more',
      vipAction: 'Become VIP',
    },
  },
};
