/**
 * Chinese: what the index parts several screens show say (components/steelIndex: a day's source
 * and the 暂定 mark, the ranges and what a visitor's or member's window opens), under
 * `steelIndex` beside the index screens' own texts (zh-CN/steelIndex.ts); they join i18next with
 * those parts (i18n/indexParts.ts): the home page, the index screens, the price tables.
 */
export const indexPartsZhCN = {
  steelIndex: {
    day: {
      source: { quotes: '同品报价', chained: '挂牌环比链接', carried: '沿用前值' },
      samples: '样本 {{count}} 条',
      outliers: '剔除异常 {{count}} 条',
      provisional: '暂定',
      provisionalTip:
        '暂定值：该日报价不足（按挂牌环比链接或沿用前值得出），或样本较少而涨跌较大。之后数据充足的计算将予以确认或更正，更正留痕可查。',
      sourceTitle: '数据来源',
    },
    trend: {
      gatedWhy: '（{{why}}）',
    },
    ranges: { m1: '1个月', m3: '3个月', m6: '6个月', y1: '1年', all: '全部' },
    gate: {
      login: '登录可见',
      vip: '$t(membership.vip)可见',
      range: '{{range}}：{{gate}}',
    },
    limit: {
      login:
        '游客仅可查看最近30天数据。登录后可查看近1年历史，开通$t(membership.vip)或$t(membership.data)可查看全部历史。',
      vip: '会员可查看近1年历史，开通$t(membership.vip)或$t(membership.data)可查看全部历史数据。',
      loginAction: '登录查看更多',
      vipAction: '开通VIP',
    },
  },
};
