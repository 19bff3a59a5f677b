/** Chinese: the index articles (/morepage), under `steelIndex.articles`; they join i18next with them (i18n/indexArticles.ts). */
export const indexArticlesZhCN = {
  steelIndex: {
    articles: {
      side: '指数一览',
      moreIndexes: '更多指数',
      empty: '暂无指数文章',
      views: '阅读 {{views}}',
      membersOnly: '会员',
      generated: '数据生成',
      generatedTip: '本文由系统根据钢市通指数数据自动生成',
      weekly: '各指数周评',
      weekOf: '周评 {{start}}至{{end}}',
      weeklyNote: '每周日晚根据指数数据自动生成，共 {{count}} 个指数',
      loginRequired: '本文为会员文章，登录后可阅读全文。',
      login: '登录阅读全文',
      back: '返回指数资讯',
      source: '来源：{{source}}',
      author: '作者：{{author}}',
    },
  },
};
