/**
 * Texts of the 保存搜索 / 订阅 and 指数提醒 buttons (issue 19) on /wareHouse, /surplus,
 * /beginMain and /exponentMain. They join i18next with those buttons (i18n/subscribe.ts), under
 * `subscribe`; the inbox and the subscription list of /account have their own bundle.
 */
export const subscribeZhCN = {
  kinds: { cargo: '现货', surplus: '余料', quotation: '今日报价' },
  loginTitle: '登录后订阅',
  loginReason:
    '订阅需要登录：登录后可保存当前搜索或设置指数提醒，有新的匹配资源或指数到价时在消息中心提醒您（$t(membership.member) {{member}} 个，$t(membership.vip) {{vip}} 个）。',
  usage: '已保存 {{used}} / {{limit}} 个',
  usageLoading: '正在读取已保存的数量…',
  usageError: '已保存数量读取失败：{{message}}',
  limitsNote: '会员可保存 {{member}} 个，{{membership}} {{vip}} 个。',
  fullMember: '您已保存 {{used}} 个，会员最多 {{limit}} 个。开通{{membership}}后可保存 {{vip}} 个。',
  fullVip: '已达上限（{{limit}} 个），请先在“我的订阅”中删除不再需要的。',
  openVip: '开通{{membership}}',
  manage: '管理我的订阅',
  inbox: '消息中心',
  cancel: '取消',
  done: '完成',
  retry: '重试',
  search: {
    button: '保存搜索',
    title: '保存搜索 · 订阅{{kind}}',
    intro: '保存当前的筛选条件，此后新发布或调价后符合条件的{{kind}}会发送到消息中心。',
    name: '订阅名称',
    namePlaceholder: '如 热轧卷板 Q235B 上海',
    nameRequired: '请填写订阅名称',
    conditions: '筛选条件',
    noFilter: '当前没有筛选条件：请先输入关键词或选择品名、材质、城市等，再保存搜索。',
    save: '保存',
    savedTitle: '已保存订阅“{{name}}”',
    savedText: '有新的匹配{{kind}}时，会在消息中心提醒您（页头铃铛显示未读数）。',
    fallbackName: '{{kind}}订阅',
  },
  alert: {
    button: '提醒',
    buttonLabel: '提醒：{{name}}',
    title: '指数提醒 · {{name}}',
    latest: '最新价 {{price}}（{{date}}）',
    kind: '提醒条件',
    kinds: { above: '涨破', below: '跌破', move: '单日涨跌幅超过', report: '市场日报发布' },
    level: '价位',
    levelRequired: '请填写价位',
    percent: '涨跌幅',
    percentRequired: '请填写涨跌幅',
    summary: {
      above: '价格涨破 {{level}} 时提醒',
      below: '价格跌破 {{level}} 时提醒',
      move: '单日涨跌幅超过 {{percent}} 时提醒',
      report: '{{product}}当日市场日报发布时提醒',
    },
    once: '每次穿越只提醒一次，价格回到另一侧后重新生效。',
    save: '设置提醒',
    savedTitle: '已设置提醒：{{name}}',
    savedText: '到价时会在消息中心提醒您（页头铃铛显示未读数）。',
  },
};

export type SubscribeText = typeof subscribeZhCN;
