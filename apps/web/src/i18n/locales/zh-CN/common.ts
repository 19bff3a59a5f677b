/** Chinese: the site-wide texts: brand, units, membership words, header, menu, footer, API errors, forms, gates and access, closed services; part of `zhCN` (zh-CN.ts). */
export const commonZhCN = {
  app: {
    name: '钢市通',
    nameEn: 'SteelPort',
    /** the language of nameEn, the brand in the other language */
    nameEnLang: 'en',
    slogan: '板材现货 · 报价 · 指数',
    documentTitle: '{{page}} - 钢市通 SteelPort',
    loading: '加载中…',
  },
  /** The units `lib/numbers.ts` appends to a figure (issue 31: each language its own). */
  units: {
    tonne: '吨',
    pricePerTonne: '元/吨',
    yuan: '元',
    rows: '条',
    pieces: '件',
  },
  /**
   * The one set of membership words (issue 30 item 5), each with what it means. Other texts name
   * a membership through these keys (`$t(membership.vip)`); the catalogue's own names and
   * descriptions come from the server. VIP is the badge of 免豆会员, never a membership of its own.
   */
  membership: {
    member: '会员',
    memberMeaning: '注册登录的用户：可查看近1年指数，用钢豆查看联系方式',
    vip: '免豆会员',
    vipMeaning: '付费会员：查看联系方式不耗钢豆，免费验货，并点亮页面顶部的VIP标识',
    badge: 'VIP',
    badgeMeaning: '页面顶部的VIP标识，开通免豆会员后点亮',
    data: '数据会员',
    dataMeaning: '付费会员：查看钢材指数的全部历史，并可导出Excel',
    company: '企业会员',
    companyMeaning: '按席位购买：每个席位的持有人免钢豆查看联系方式',
    glossaryTitle: '会员名称说明',
  },
  header: {
    welcome: '欢迎来到钢市通！',
    home: '返回首页',
    login: '请登录',
    register: '免费注册',
    greeting: '您好，{{name}}',
    defaultName: '会员',
    logout: '退出',
    account: '我的账户',
    benefits: '产品权益',
    vipBadge: 'VIP',
    vipNotOpened: '未开通',
    vipOpened: '已开通$t(membership.vip)',
    inbox: '消息',
    inboxUnread: '消息中心，{{count}} 条未读',
  },
  language: {
    label: '界面语言',
    zh: '中文',
    en: 'EN',
  },
  search: {
    placeholder: '请输入品名、规格、材质或产地',
    button: '搜索',
  },
  menu: {
    label: '主导航',
    home: '首页',
    wareHouse: '仓库现货',
    quotation: '今日报价',
    surplus: '余料市场',
    exponent: '钢材指数',
    process: '共享加工',
    inspection: '仓库验货',
    selfService: '仓库自助',
    news: '资讯',
    newsSections: '资讯栏目',
    open: '菜单',
  },
  footer: {
    aboutTitle: '关于钢市通',
    about:
      '钢市通是面向热轧、冷轧、镀锌、酸洗及中厚板等板材贸易的信息服务平台，汇集仓库现货、贸易商报价与钢材指数。',
    servicesTitle: '平台服务',
    contactTitle: '联系我们',
    email: '客服邮箱：service@steelport.cn',
    hours: '服务时间：周一至周六 8:30–17:30',
    disclaimer: '平台信息仅供参考，交易前请核实货源、价格与资质。',
    copyright: '© 2026 钢市通 SteelPort 版权所有',
    icp: 'ICP备案号：备案办理中',
    legalLabel: '协议与政策',
    agreement: '用户服务协议',
    privacy: '隐私政策',
  },
  api: {
    tokenExpired: 'token过期,需要重新登录',
    network: '网络异常，请稍后重试',
    server: '服务器异常，请稍后重试',
    loginRequired: '请先登录',
    toLogin: '去登录',
    retry: '重试',
  },
  comingSoon: {
    backHome: '返回首页',
    idLine: '编号：{{id}}',
  },
  notFound: {
    title: '页面不存在',
    subTitle: '抱歉，您访问的页面不存在或已被移除。',
    backHome: '返回首页',
  },
  routeError: {
    title: '页面加载失败',
    subTitle: '可能是网络不稳定或版本已更新，请刷新后重试。',
    reload: '刷新页面',
  },
  form: {
    phone: '手机号',
    phonePlaceholder: '请输入11位手机号',
    phoneRequired: '请输入手机号',
    phoneInvalid: '请输入正确的11位手机号',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    passwordRequired: '请输入密码',
    passwordRule: '8-32位，须同时包含字母和数字',
    newPasswordPlaceholder: '请设置登录密码',
    passwordInvalid: '密码须为8-32位，并同时包含字母和数字',
    confirmPassword: '确认密码',
    confirmPlaceholder: '请再次输入密码',
    confirmRequired: '请再次输入密码',
    passwordMismatch: '两次输入的密码不一致',
    linkMan: '联系人',
    linkManPlaceholder: '您的姓名，买卖双方联系时显示',
    linkManRequired: '请输入联系人',
    linkManTooLong: '联系人最多20个字',
    company: '公司名称',
    companyOptional: '公司名称（选填）',
    companyPlaceholder: '营业执照上的公司全称',
    companyHint: '填写公司名称即开通商家账户，可发布现货、报价与余料；不填则为普通会员。',
    companyTooLong: '公司名称最多60个字',
  },
  /** components/Pager.tsx */
  pager: {
    label: '分页',
    prev: '上一页',
    next: '下一页',
    prev5: '向前 5 页',
    next5: '向后 5 页',
    page: '第 {{page}} 页',
    perPage: '{{size}} 条/页',
    sizeLabel: '每页条数',
  },
  /** components/DataTable.tsx */
  table: {
    empty: '暂无数据',
    sortable: '可排序',
  },
  gate: {
    login: '登录',
    vip: '开通VIP',
    cancel: '取消',
    contactTitle: '查看联系方式',
    contactVisitor: '登录后查看，消耗 {{beans}} 钢豆，VIP 免费',
    noBeansTitle: '钢豆不足',
    exportTitle: '导出Excel',
    exportVisitor: '请先登录：导出 Excel 为{{membership}}或数据会员功能，登录后可开通。',
    exportMember: '导出为{{membership}}或数据会员功能：开通其一后，可将当前查询结果导出为 Excel 表格。',
  },
  access: {
    becomeTrader: '了解如何成为商家',
    redirecting: '请先登录，正在前往登录页…',
    forbiddenTitle: '无权访问',
    vip: '该功能需开通$t(membership.vip)后使用',
    trader: '该功能仅对已认证的商家开放',
    admin: '该页面仅对平台管理员开放',
    openVip: '开通VIP',
    backHome: '返回首页',
  },
  /** the 即将开放 state of a service operators have closed: the menu tags it, a screen says it */
  service: {
    comingSoon: '即将开放',
    comingSoonDesc: '{{name}}服务即将开放，敬请期待。',
    menuTag: '即将开放',
  },
  /**
   * What the frame or many screens say under a screen's root: the list separator (home, agencies,
   * firms, the index chart), a quoted price's words wherever one shows (QuoteFigures: the home page
   * too) and the menu's 价格行情. The rest of `lots`, `quotes` and `priceTable` joins with their
   * screens (i18n/market.ts, i18n/priceTable.ts).
   */
  lots: {
    listSeparator: '、',
  },
  quotes: {
    callForPrice: '电议',
    perTonne: '元/吨',
    noChange: '首次报价或电议，无可比较的涨跌',
  },
  priceTable: {
    menu: '价格行情',
  },
};
