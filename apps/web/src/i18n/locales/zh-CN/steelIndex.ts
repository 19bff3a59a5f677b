/**
 * Chinese: the steel index screens (/exponentMain, /crossdate), joining i18next with them
 * (i18n/steelIndex.ts). Under the same root: the parts several screens show (a day's source,
 * ranges, gates: zh-CN/indexParts.ts), the articles of /morepage (zh-CN/indexArticles.ts) and the
 * home page's index strip (zh-CN/home.ts).
 */
export const steelIndexZhCN = {
  steelIndex: {
    tabs: { dashboard: '指数行情', method: '指数说明' },
    links: { crossdate: '跨日对比', morepage: '指数资讯', method: '计算方法' },
    empty: '暂无指数数据',
    priceUnit: '元/吨',
    card: { points: '{{points}} 点', samples: '样本 {{count}} 条', corrected: '已更正' },
    trend: {
      title: '指数走势',
      indexes: '叠加指数',
      maxHint: '最多叠加 {{count}} 个指数',
      price: '{{name}}价格',
      stock: '{{name}}库存',
      deal: '{{name}}成交',
      axisPrice: '元/吨',
      axisWeight: '吨',
      axisStock: '库存(吨)',
      axisDeal: '成交(吨)',
      label: '{{names}} 价格走势图',
      confirmed: '确认值',
      provisional: '暂定值',
      note: '空心点/虚线为暂定值：报价不足时按挂牌环比链接或沿用前值得出，待数据充足后确认或更正。',
    },
    compare: {
      title: '周期对比',
      period: '对比',
      date: '对比日期',
      earlier: '当时价格',
      change: '涨跌',
      ratio: '涨跌幅',
      stockChange: '库存变化(吨)',
      yesterday: '较昨日',
      week: '较上周',
      month: '较上月',
      year: '较去年',
      unavailable: '无数据',
    },
    saturation: {
      title: '库容饱和度',
      ratio: '饱和度',
      trading: '挂牌量',
      label: '{{market}}库容饱和度图',
      latest: '{{market}} {{date}} 饱和度 {{value}}%，较前日 {{sub}} 个百分点',
    },
    deals: {
      title: '成交信息',
      summary: '{{date}} 成交 {{weight}} 吨，{{deals}} 笔',
      byProduct: '按品种',
      byMarket: '按市场',
      latest: '成交较大的仓库',
      product: '品种',
      market: '市场',
      warehouse: '仓库',
      weight: '成交量(吨)',
      deals: '笔数',
      stock: '库存(吨)',
      price: '挂牌均价(元/吨)',
    },
    fields: {
      price: '价格(元/吨)',
      points: '指数点',
      stock_weight: '库存(吨)',
      deal_weight: '成交(吨)',
      trading_weight: '挂牌(吨)',
      pack_weight: '打包(吨)',
      in_weight: '入库(吨)',
      out_weight: '出库(吨)',
    },
    cross: {
      dateA: '日期',
      compareWith: '对比',
      custom: '自选日期',
      week: '一周前',
      month: '一月前',
      year: '一年前',
      index: '指数',
      field: '字段',
      change: '变化',
      ratio: '幅度',
      export: '导出CSV',
      overview: '全部指数对比（价格与库存）',
      priceShort: '价格',
      stockShort: '库存',
      missing: '无数据',
      fileName: '跨日对比',
      compareTable: '所选指数的两日对比',
    },
    method: {
      title: '钢材指数编制说明',
      version: '方法版本 {{version}}',
      unavailable: '暂时无法读取方法参数，请稍后再试。',
      hierarchy: {
        title: '价格：输入层级',
        intro:
          '每个交易日的价格按以下顺序，取第一个可用的来源。每一天所用的来源、样本数、剔除的异常数以及是否暂定都随数据公开（走势图提示、指数卡片、跨日对比）。',
        quotes: {
          when: '可比报价充足',
          text: '同品比较：同一贸易商对同一商品（品名、材质、规格、产地、城市、仓库均相同）在前一发布日和当日都有有效报价（电议不计），剔除异常后这样的可比报价不少于 {{minQuotes}} 对时，当日价格 = 前一日发布价 × 这些商品当日报价之和 ÷ 其前一日报价之和（等权），四舍五入到分。某贸易商某日未报价，其商品不参与当日及次日的比较：指数只随同品价格的变化而变化，不因当日报价的商品构成变化而涨跌。指数首日无前值可比：以剔除 {{deviations}} 倍 MAD 异常后不少于 {{minQuotes}} 条报价的吨位加权均价起算。',
        },
        chained: {
          when: '可比报价不足',
          text: '以前一日发布价按同一批样本仓库挂牌价的日环比链接（只取变化，不取挂牌价水平）：当日价格 = 前一日发布价 × 同一批仓库当日挂牌价之和 ÷ 其前一日挂牌价之和。只比较两日都有挂牌价的仓库，日环比变化异常的仓库不计入。报价恢复后的第一天没有前一日的可比报价，同样按挂牌价链接。各来源都只取变化、不取水平，指数不会因来源切换而跳变。指数首日报价不足时，以样本仓库挂牌均价起算。',
        },
        carried: {
          when: '无任何数据',
          text: '当日既无足够的可比报价，也无可比的样本仓库挂牌价：沿用前值并标注“沿用前值”，样本数记为 0。',
        },
      },
      outliers: {
        title: '异常值',
        text: '偏离中位数超过 {{deviations}} 倍稳健标准差（1.4826×MAD，且不低于中位数的 {{floor}}）的报价视为异常，予以剔除并公开剔除条数。MAD（中位数绝对偏差）不受个别极端报价影响；多数报价相同时以中位数的 {{floor}} 为下限，正常的小幅差价不会被当作异常。同品比较与挂牌环比链接中，各商品、各仓库的日环比变化也按同样的方法判断（下限更宽），把价格填错一位这类错误排除在外。',
      },
      provisional: {
        title: '暂定值',
        text: '满足任一条件的交易日发布为暂定值：① 来源不是报价（挂牌环比链接或沿用前值）；② 以报价起算的指数首日有效报价少于 {{minQuotes}} 条；③ 涨跌幅超过 {{change}} 且样本少于 {{confirm}} 条。综合指数的任一成分为暂定时，综合指数也为暂定。暂定值由之后数据充足的计算予以确认或更正；更正经更正流程记录原因并留痕。走势图中暂定值以空心点或虚线标示，指数卡片与跨日对比标注“暂定”。',
      },
      sections: {
        sample: {
          title: '样本与数据来源',
          text: '指数按“品种 × 市场”编制（如乐从热卷、上海冷轧）。数据来自样本仓库每日上报的入库、出库、库存、打包、挂牌、成交量与挂牌价，以及当日贸易商在该市场所属城市的报价。',
        },
        points: {
          title: '指数点',
          text: '基期为序列首日，基期价格记为1000点；指数点 = 当日价格 ÷ 基期价格 × 1000，保留两位小数。',
        },
        weights: {
          title: '库存与成交',
          text: '库存、入库、出库、成交、打包、挂牌量为该市场全部样本仓库的合计（吨）。',
        },
        changes: {
          title: '涨跌与幅度',
          text: '与上一个有数据的日期比较：变化 = 当日 − 前日，幅度 = 变化 ÷ 前日。前日为0或缺失时幅度不计算，显示“—”。某日既无仓库数据也无任何价格时不发布该日。',
        },
        composite: {
          title: '综合指数',
          text: '全国热卷综合合并全部样本市场的热卷报价做同品比较（可比报价不足时按全部样本仓库的挂牌价环比链接）；全国板材综合的价格为各市场单品指数按库存吨位加权，量为全部样本仓库全部品种合计，各成分均以报价定价时其来源才为报价。',
        },
        saturation: {
          title: '库容饱和度',
          text: '库容饱和度 = 样本仓库库存 ÷ 样本仓库库容（%）；较前日变化以百分点计。',
        },
        audit: {
          title: '可复核',
          text: '每日保存来源、样本数、剔除的异常数、暂定标记、方法版本与输入指纹，按相同输入重算结果逐位相同。运营人员的更正单独记录原因并留痕。',
        },
        access: {
          title: '发布与查看',
          text: '每日18:30（北京时间）计算当日指数。游客可查看最近30天，登录会员可查看近1年，$t(membership.vip)或$t(membership.data)可查看全部历史。',
        },
      },
    },
  },
};
