/**
 * Titles and descriptions of the signed-in screens (the console, the trader's rows, the
 * workspace) under `pages`. The frame names a screen with them once its route matches, and these
 * routes join the frame with their area's table (routes/account.tsx, routes/admin.tsx), which
 * brings the titles along (i18n/signedInPages.ts); the screens' own texts (admin.zh-CN.ts,
 * trader.zh-CN.ts, workspace.zh-CN.ts) load with the screens.
 */

/** The console screens' titles and descriptions. */
export const adminPagesZhCN = {
  admin: { title: '运营后台', desc: '钢市通运营后台：用户、内容、广告与审计日志的管理入口。' },
  adminDashboard: {
    title: '后台概览',
    desc: '今日新增用户、报价、现货、询价与支付，近 30 天趋势和定时任务状态。',
  },
  adminUsers: {
    title: '用户管理',
    desc: '按手机号、姓名或公司查找用户，修改角色、停用启用、调整钢豆与赠送会员。',
  },
  adminArticles: { title: '文章管理', desc: '新闻资讯文章的撰写、定时发布、会员专享设置与撤回。' },
  adminAffairs: { title: '市场动态管理', desc: '市场动态与行情快讯的发布、编辑与撤回。' },
  adminAgencies: { title: '代理商管理', desc: '代理商名录的新增、编辑与下架。' },
  adminAds: { title: '广告管理', desc: '首页横幅与广告位的图片、链接、投放时段与启停。' },
  adminAnnouncement: { title: '首页公告', desc: '首页公告的内容、链接与展示时段。' },
  adminInspections: {
    title: '验货管理',
    desc: '会员验货申请的受理、指派验货员、跟踪记录与照片、完成与取消。',
  },
  adminProcessing: { title: '共享加工管理', desc: '加工报价与拼单的维护，会员询价与拼单的跟进。' },
  adminSwitches: { title: '服务开关', desc: '验货、仓库自助、共享加工与在线支付等服务的开放与关闭。' },
  adminVipPrices: { title: '会员商品与价格', desc: '会员商品的名称、说明、权益、上下架与各时长价格。' },
  adminOrders: { title: '会员订单', desc: '按订单号或手机号查找会员订单，查看支付记录并办理退款。' },
  adminWarehouseDaily: {
    title: '仓库日报',
    desc: '各仓库每日入库、出库、库存、挂牌与成交数据的查询、填报、修改与 Excel 导入。',
  },
  adminIndexCorrections: {
    title: '指数更正',
    desc: '更正指数某日的价格或库存等数据（须填原因），按同一算法重算并查看更正前后。',
  },
  adminPriceItems: {
    title: '行情样本',
    desc: '价格行情各品名显示哪些品种：按报价频次自动选出，可固定或隐藏。',
  },
  adminVocabulary: {
    title: '搜索词库',
    desc: '搜索能识别的品类、品名、材质与钢厂，添加或删除别名、添加材质牌号。',
  },
  adminAudit: {
    title: '审计日志',
    desc: '所有后台写操作的操作人、时间、来源与修改前后的内容，只可查询不可修改。',
  },
};

/** The trader's own rows' screens (trader.zh-CN.ts). */
export const traderPagesZhCN = {
  accountQuotations: {
    title: '我的报价',
    desc: '管理本公司每日报价：复制上一交易日报价并统一加减，逐条改价、批量调价与删除。',
  },
  accountStock: {
    title: '我的现货',
    desc: '管理本公司发布的仓库现货：新增、改价改量、标记已售、批量调价，Excel 导入导出。',
  },
  accountSurplus: {
    title: '我的余料',
    desc: '管理本公司发布的余料资源：品级与缺陷说明、改价改量、标记已售与重新上架。',
  },
};

/** Titles and descriptions of the workspace screens. */
export const workspacePagesZhCN = {
  accountImport: {
    title: '导入 Excel',
    desc: '上传 Excel 或 CSV 表格批量发布现货、余料和报价：预览逐行错误，确认后整表导入。',
  },
  accountEnquiries: {
    title: '收到的询价',
    desc: '买家对您的现货、余料和报价的询价：姓名、电话、公司与留言。',
  },
  accountFirm: {
    title: '企业资料',
    desc: '编辑企业页上的简称、联系人、主营品种与简介，获取企业页的嵌入代码。',
  },
  accountKeys: { title: 'API 密钥', desc: '创建和停用用于 ERP 同步现货、余料与报价的 API 密钥。' },
  accountBecomeTrader: {
    title: '成为商家',
    desc: '商家可发布现货、余料和报价，导入 Excel，接收询价线索；填写公司全称即可开通。',
  },
};

/** Every signed-in screen's title and description, as they join `pages`. */
export const signedInPagesZhCN = {
  pages: { ...adminPagesZhCN, ...traderPagesZhCN, ...workspacePagesZhCN },
};
