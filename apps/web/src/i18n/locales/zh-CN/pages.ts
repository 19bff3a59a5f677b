/**
 * Chinese: the public screens' titles and descriptions (`pages`), which the frame names every screen
 * with; part of `zhCN` (zh-CN.ts). The signed-in screens' join with their area's route table
 * (signed-in-pages.zh-CN.ts), the home page's own texts with it (zh-CN/home.ts).
 */
export const pagesZhCN = {
  pages: {
    home: {
      title: '首页',
      desc: '钢市通 SteelPort：板材仓库现货、贸易商今日报价、余料市场、钢材指数、共享加工与仓库验货，一站查询。',
    },
    moreInfo: { title: '新闻资讯', desc: '行业新闻、政策解读与市场分析文章，按栏目和标签浏览。' },
    moreInfoArticle: { title: '资讯详情', desc: '新闻资讯的正文、来源与相关文章。' },
    agency: { title: '代理商', desc: '钢厂代理与经销商名录，含经营品牌、所在区域与联系方式。' },
    agencyDetail: { title: '代理商详情', desc: '代理商的经营品牌、业务范围与联系方式。' },
    wareHouse: {
      title: '仓库现货',
      desc: '按品名、材质、规格、产地和仓库检索现货资源，查看单价、件数与重量并联系卖家。',
    },
    beginMain: {
      title: '今日报价',
      desc: '汇总各贸易商当日报价，可按品名、材质、规格、产地与城市筛选，并显示较上次报价的涨跌。',
    },
    firminfo: { title: '商户报价', desc: '单个贸易商的全部报价、电议资源与企业信息。' },
    surplus: { title: '余料市场', desc: '余料、次品与等外品资源的发布与检索，附质量等级与缺陷说明。' },
    exponentMain: {
      title: '钢材指数',
      desc: '样本仓库的价格、库存、出入库与成交量指数，附每日趋势图表。',
    },
    priceTable: {
      title: '价格行情',
      desc: '热轧、冷轧、镀锌等板材在各城市的每日报价中位数：按材质、规格与产地分行，附报价条数、涨跌与历史走势。',
    },
    crossdate: { title: '跨日对比', desc: '任选两个日期，对比各指数的价格、库存与成交变化。' },
    morepage: { title: '指数资讯', desc: '钢材指数相关的分析文章与行情解读。' },
    morepageArticle: { title: '指数文章', desc: '指数分析文章的正文与相关指数。' },
    beginClound: {
      title: '仓库自助',
      desc: '查看您存放在合作仓库的货物与出入库记录，以及各仓库的库容与饱和度。',
    },
    beginInspection: { title: '仓库验货', desc: '在线预约合作仓库验货，跟踪验货进度、现场照片与结论。' },
    commercialAffairsList: { title: '市场动态', desc: '钢材市场动态、行情快讯与行业公告。' },
    commercialAffairsDetail: { title: '市场动态详情', desc: '市场动态的完整内容与发布时间。' },
    process: {
      title: '共享加工',
      desc: '分条、开平、纵剪、横切等加工厂的产能与报价，支持拼单加工。',
    },
    vipopen: { title: '开通VIP', desc: '选择会员套餐与时长，可用钢豆抵扣，扫码支付后即时开通。' },
    vipmember: {
      title: '会员中心',
      desc: '$t(membership.vip)、$t(membership.data)等会员的权益、有效期与开通记录。',
    },
    login: {
      title: '登录',
      desc: '扫码、密码或短信验证码登录，忘记密码可凭短信重设，登录后自动返回原页面。',
    },
    qrConfirm: { title: '扫码登录确认', desc: '在手机上确认电脑端的扫码登录。' },
    vipresult: {
      title: '支付结果',
      desc: '会员订单的支付结果：支付成功后的会员有效期，或等待支付、订单已关闭。',
    },
    mpay: { title: '手机支付', desc: '在手机上确认会员订单的支付：金额、购买内容，确认支付或取消。' },
    account: { title: '我的账户', desc: '个人资料、密码、会员与钢豆。' },
    accountProfile: { title: '个人资料', desc: '联系人、公司名称与登录密码。' },
    accountMembership: { title: '会员与钢豆', desc: '会员开通状态、到期时间与钢豆余额。' },
    accountBeans: { title: '钢豆明细', desc: '钢豆的获得、消费、退还与调整记录，最新在前。' },
    accountInbox: { title: '消息中心', desc: '订阅匹配到的新现货、余料、报价与指数提醒，实时送达。' },
    accountSeats: {
      title: '企业席位',
      desc: '企业会员的席位：已购与已分配，按手机号分配给同事、移除或更换。',
    },
    accountSubscriptions: {
      title: '我的订阅',
      desc: '保存的搜索与指数提醒：重命名、暂停、删除，查看最近匹配，设置每日短信摘要。',
    },
    agreement: {
      title: '用户服务协议',
      desc: '钢市通用户服务协议：账号注册与安全、钢豆与会员、信息发布规范及双方的权利义务。',
    },
    privacy: { title: '隐私政策', desc: '钢市通如何收集、使用、保存和保护您的个人信息，以及您享有的权利。' },
    notFound: { title: '页面不存在', desc: '您访问的页面不存在或已移动，可返回首页或从导航进入各频道。' },
  },
};
