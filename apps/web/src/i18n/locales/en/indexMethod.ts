import type { indexMethodZhCN } from '../zh-CN/indexMethod.ts';

/** English: the methodology (see zh-CN/indexMethod.ts). */
export const indexMethodEn: typeof indexMethodZhCN = {
  steelIndex: {
    method: {
      title: 'How the steel index is made',
      version: 'Method version {{version}}',
      unavailable: 'The method parameters cannot be read right now; please try again later.',
      hierarchy: {
        title: 'Price: the input hierarchy',
        intro:
          'Each day is priced from the first available source below. Every day’s source, sample count, removed outliers and provisional flag are published with the data (chart tooltip, index cards, cross-date).',
        quotes: {
          when: 'Enough matched quotations',
          text: 'Like for like: when at least {{minQuotes}} items (after outliers) were quoted by the same trader on both the previous published day and today (same product, material, spec, origin, city and warehouse; call-for-price excluded), price = previous price × today’s sum of those quotes ÷ their sum the day before (equal weights), rounded to the fen. A trader who skips a day leaves its items out of that day’s comparison and the next: the index moves only with the prices of matched items, never with the day’s mix of items. An index’s first day has nothing to compare with: it starts at the tonnage-weighted mean of at least {{minQuotes}} quotations after outliers beyond {{deviations}} MAD are removed.',
        },
        chained: {
          when: 'Too few matched quotations',
          text: 'The previous published price chain-linked by the day-over-day change of the same sample warehouses’ listing prices (their change only, never their level): price = previous price × today’s sum of those listings ÷ their sum the day before. Only warehouses listing on both days count; a warehouse with an outlying change is left out. The first day quotations return has no matched quotes of the day before, so it is chain-linked the same way. Every source contributes its change only, never its level, so the index does not jump when the source switches. An index whose first day lacks quotations starts from the listing mean.',
        },
        carried: {
          when: 'No data at all',
          text: 'Neither enough matched quotations nor comparable listing prices: the previous price is carried forward and marked “Carried forward”, with 0 samples.',
        },
      },
      outliers: {
        title: 'Outliers',
        text: 'Quotations more than {{deviations}} robust deviations (1.4826 x MAD, at least {{floor}} of the median) from the median are removed, and the count removed is published. MAD (median absolute deviation) is not swayed by a few extreme quotes; when most quotes agree, {{floor}} of the median is the floor, so ordinary small spreads are never outliers. In a like-for-like comparison and a listing chain link, each item’s or warehouse’s day-over-day change is judged the same way too (with a wider floor), which drops typos such as a misplaced digit.',
      },
      provisional: {
        title: 'Provisional days',
        text: 'A day is published as provisional when (1) its source is not quotations (chain-linked or carried forward), (2) it is an index’s first day started from fewer than {{minQuotes}} quotations, or (3) it moves more than {{change}} on fewer than {{confirm}} samples. A composite with a provisional component is provisional. A later run with enough data confirms or corrects a provisional day; corrections go through the correction path with a reason and are audited. The chart draws provisional days hollow or dashed; cards and the cross-date table mark them “Provisional”.',
      },
      sections: {
        sample: {
          title: 'Samples and sources',
          text: 'Each index is a product in a market (e.g. Lecong hot-rolled coil). Inputs are the daily in, out, stock, packed, listed and dealt tonnage and the listing prices reported by sample warehouses, and the day’s trader quotations in the market’s cities.',
        },
        points: {
          title: 'Points',
          text: 'The first day of the series is the base day = 1000 points; points = price / base price x 1000, two decimals.',
        },
        weights: {
          title: 'Stock and deals',
          text: 'Stock, in, out, deals, packed and listed tonnage are sums over the market’s sample warehouses.',
        },
        changes: {
          title: 'Changes and ratios',
          text: 'Against the previous day with data: change = today − previous, ratio = change / previous; no ratio when the previous value is 0 or missing. Days with neither warehouse figures nor any price are not published.',
        },
        composite: {
          title: 'Composites',
          text: 'National hot coil compares all markets’ quotations like for like (chain-linked to all sample warehouses’ listings when matched quotations are few); the national flat-steel composite is the stock-weighted mean of the market indexes, with tonnage summed over all sample warehouses and products, and counts as priced from quotations only when every component is.',
        },
        saturation: {
          title: 'Saturation',
          text: 'Saturation = sample warehouses’ stock / their capacity (%); the day change is in percentage points.',
        },
        audit: {
          title: 'Reproducible',
          text: 'Each day stores its source, sample count, removed outliers, provisional flag, method version and an inputs fingerprint; recomputing from the same inputs gives identical figures. Operator corrections are recorded with a reason and audited.',
        },
        access: {
          title: 'Publication and access',
          text: 'Computed daily at 18:30 Beijing time. Visitors see 30 days, members one year, VIP members all history.',
        },
      },
    },
  },
};
