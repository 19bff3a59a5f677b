import type { priceTableZhCN } from '../zh-CN/priceTable.ts';

/** English: the daily price tables (see zh-CN/priceTable.ts). */
export const priceTableEn: typeof priceTableZhCN = {
  priceTable: {
    intro:
      "The median of each day's quotes per city for the common grades and specs, with the number of quotes and the change on the previous trading day; click a price for its trend and quotes.",
    head: {
      productTitle: '{{product}} prices',
      productDesc:
        "{{product}}: the median of each day's quotes per city by grade, spec and mill, with quote counts, changes and history.",
      cityTitle: '{{product}} prices in {{city}}',
      cityDesc:
        "{{product}} in {{city}}: the median of each day's quotes by grade, spec and mill, with quote counts, changes and history.",
    },
    products: 'Product',
    day: {
      label: 'Quote date',
      previous: 'Previous trading day',
      latest: 'Latest',
      of: 'Quotes of {{date}}',
      against: 'Changes against {{date}}',
      noPrevious: 'No previous trading day to compare',
    },
    filters: {
      grade: 'Grade',
      gradeAll: 'All grades',
      spec: 'Spec',
      specPlaceholder: 'Spec contains, e.g. 5.75',
      city: 'City',
      cityAll: 'All cities',
      clear: 'Clear filters',
    },
    unit: 'Prices in {{unit}}',
    scrollHint: '{{count}} cities: scroll the table sideways',
    columns: {
      item: 'Grade / spec / mill',
    },
    cell: {
      quotes: '{{count}} q.',
      quotesLong: 'Quotes: {{count}}',
      thin: 'Few quotes',
      thinTip: 'Few quotes: only {{count}}, the median is indicative',
      blank: 'No quotes',
      noChange: 'Nothing to compare',
      open: '{{item}} in {{city}}: trend and quotes',
      pinned: 'Pinned',
    },
    summary: {
      rising: 'Up {{count}}',
      falling: 'Down {{count}}',
      unchanged: 'Flat {{count}}',
      cityLabel: '{{city}}: {{rising}} up, {{falling}} down, {{unchanged}} flat',
      productLabel: '{{product}}: {{rising}} up, {{falling}} down, {{unchanged}} flat',
      board: 'Moves by product ({{date}} against the previous trading day, in cells)',
    },
    state: {
      empty: 'No {{product}} quotes on this day',
      emptyFilter: 'No items match the filters',
      emptyCity: 'No quotes in {{city}} on this day',
      toDefault: 'See all price tables',
    },
    export: {
      tableFile: 'price-table.xlsx',
      historyFile: 'price-history.xlsx',
    },
    drawer: {
      history: 'Price trend',
      quotes: 'Quotes of {{date}}',
      chartLabel: 'Price trend of {{item}} in {{city}}',
      series: 'Median',
      noHistory: 'No quotes in the chosen range',
      noQuotes: 'No quotes on this day',
      thinPoint: 'Few quotes',
    },
    quotes: {
      weightUnknown: 'Not given',
      count: 'Quotes: {{count}}, median {{median}}',
    },
    phone: {
      city: 'Choose a city',
    },
  },
};
