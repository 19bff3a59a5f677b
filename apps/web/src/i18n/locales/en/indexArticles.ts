import type { indexArticlesZhCN } from '../zh-CN/indexArticles.ts';

/** English: the index articles (see zh-CN/indexArticles.ts). */
export const indexArticlesEn: typeof indexArticlesZhCN = {
  steelIndex: {
    articles: {
      side: 'Indexes',
      moreIndexes: 'More',
      empty: 'No index articles yet',
      views: '{{views}} reads',
      membersOnly: 'Members',
      generated: 'Generated',
      generatedTip: 'Written automatically from the SteelPort index data',
      weekly: 'Weekly review of every index',
      weekOf: 'Week {{start}} to {{end}}',
      weeklyNote: 'Generated from the index data every Sunday evening; {{count}} indexes',
      loginRequired: 'This article is for members. Log in to read it all.',
      login: 'Log in to read',
      back: 'Back to index articles',
      source: 'Source: {{source}}',
      author: 'By {{author}}',
    },
  },
};
