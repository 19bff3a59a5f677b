/**
 * Chinese: the home page (banners, services, notice, VIP benefits, product map) and the index
 * strip it shows (`steelIndex.strip`, beside the index screens' own texts); joins i18next with
 * the home page (i18n/home.ts).
 */
export const homeZhCN = {
  home: {
    banners: {
      b1: {
        title: '钢市通 · 板材现货一站查',
        text: '热轧、冷轧、镀锌、酸洗、中厚板，仓库现货与贸易商报价每日更新。',
      },
      b2: {
        title: '钢材指数 · 看清行情走势',
        text: '样本仓库价格、库存与成交数据，按日编制，趋势一目了然。',
      },
      b3: { title: '共享加工 · 仓库验货', text: '分条开平就近加工，合作仓库在线验货，省心又省钱。' },
    },
    featuresTitle: '核心服务',
    features: {
      wareHouse: { title: '仓库现货', text: '各大仓库现货资源实时检索' },
      quotation: { title: '今日报价', text: '贸易商当日报价与涨跌' },
      process: { title: '共享加工', text: '分条开平拼单加工' },
      exponent: { title: '钢材指数', text: '价格、库存与成交指数' },
    },
    noticeTitle: '平台公告',
    notice: '平台正式上线',
    noticeText: '钢市通现已正式上线，欢迎贸易商发布现货与报价，买家免费查询。',
    vipTitle: '$t(membership.vip)权益',
    vipBenefits: {
      identity: '显示VIP身份',
      stock: '免费查现货',
      inspection: '免费仓库验货',
      surplus: '免费查余料',
      processing: '免费拼单加工',
      subscription: '免费订阅',
    },
    vipOpen: '开通VIP',
    productMapTitle: '品种导航',
    productMapHint: '点击品名、材质或产地查看今日报价',
    productCount: '{{count}} 个品名',
    spec: '{{thickness}}mm × {{width}}mm',
    materials: '材质',
    origins: '产地',
    loadError: '品种数据加载失败',
    retry: '重试',
    empty: '暂无品种数据',
  },
  steelIndex: {
    strip: {
      title: '钢材指数',
      more: '更多指数',
      scrollHint: '共 {{count}} 个，可左右滑动',
      prev: '向左滚动指数',
      next: '向右滚动指数',
    },
  },
};
