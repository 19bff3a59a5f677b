/** 行情样本 (/admin/price-items): which items the public price tables show (issue 34). */
export const adminPriceTableZhCN = {
  intro:
    '价格行情每个品名显示近 {{days}} 天报价最多的 {{rows}} 个品种（材质 + 规格 + 产地）。固定的品种总是显示，隐藏的品种从不显示；改动记入审计日志，前台立即生效。',
  product: '品名',
  colGrade: '材质',
  colSpec: '规格',
  colMill: '产地',
  colQuotes: '近 {{days}} 天报价',
  colState: '设置',
  colShown: '前台',
  shown: '显示',
  notShown: '不显示',
  state: { auto: '按频次', pinned: '固定显示', hidden: '隐藏' },
  pin: '固定',
  hide: '隐藏',
  release: '恢复按频次',
  done: { auto: '已恢复按频次：{{item}}', pinned: '已固定：{{item}}', hidden: '已隐藏：{{item}}' },
  empty: '该品名近期没有报价',
};
