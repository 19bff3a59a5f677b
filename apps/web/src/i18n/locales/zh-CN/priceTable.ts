/** Chinese: the daily price tables (/priceTable, issue 34); joining i18next with its screen (i18n/priceTable.ts); the menu's 价格行情 is the frame's (zh-CN/common.ts). */
export const priceTableZhCN = {
  priceTable: {
    intro: '各城市主流材质规格的每日报价中位数，附报价条数与较上一交易日的涨跌；点击价格查看走势与报价明细。',
    head: {
      productTitle: '{{product}}价格行情',
      productDesc: '{{product}}各城市每日报价中位数：按材质、规格与产地分行，附报价条数、涨跌与历史走势。',
      cityTitle: '{{city}}{{product}}价格行情',
      cityDesc: '{{city}}{{product}}每日报价中位数：按材质、规格与产地分行，附报价条数、涨跌与历史走势。',
    },
    products: '品名',
    day: {
      label: '报价日期',
      previous: '前一交易日',
      latest: '最新',
      of: '{{date}} 报价',
      against: '涨跌较 {{date}}',
      noPrevious: '无上一交易日可比',
    },
    filters: {
      grade: '材质',
      gradeAll: '全部材质',
      spec: '规格',
      specPlaceholder: '规格包含，如 5.75',
      city: '城市',
      cityAll: '全部城市',
      clear: '清除筛选',
    },
    unit: '价格单位：{{unit}}',
    scrollHint: '共 {{count}} 个城市，表格可左右滚动',
    columns: {
      item: '材质 / 规格 / 产地',
    },
    cell: {
      quotes: '{{count}}条',
      quotesLong: '{{count}} 条报价',
      thin: '样本不足',
      thinTip: '样本不足：仅 {{count}} 条报价，中位价仅供参考',
      blank: '无报价',
      noChange: '无可比',
      open: '{{city}} {{item}} 走势与报价',
      pinned: '固定',
    },
    summary: {
      rising: '上涨 {{count}}',
      falling: '下跌 {{count}}',
      unchanged: '持平 {{count}}',
      cityLabel: '{{city}}：上涨 {{rising}}，下跌 {{falling}}，持平 {{unchanged}}',
      productLabel: '{{product}}：上涨 {{rising}}，下跌 {{falling}}，持平 {{unchanged}}',
      board: '各品名涨跌（{{date}} 较上一交易日，按格计）',
    },
    state: {
      empty: '该日暂无{{product}}报价',
      emptyFilter: '没有符合筛选条件的品种',
      emptyCity: '{{city}}该日暂无报价',
      toDefault: '查看全部价格行情',
    },
    export: {
      tableFile: '价格行情.xlsx',
      historyFile: '价格走势.xlsx',
    },
    drawer: {
      history: '价格走势',
      quotes: '{{date}} 报价明细',
      chartLabel: '{{city}} {{item}} 价格走势图',
      series: '中位价',
      noHistory: '所选区间暂无报价',
      noQuotes: '当日无报价',
      thinPoint: '样本不足',
    },
    quotes: {
      weightUnknown: '未注明',
      count: '共 {{count}} 条，中位价 {{median}}',
    },
    phone: {
      city: '选择城市',
    },
  },
};
