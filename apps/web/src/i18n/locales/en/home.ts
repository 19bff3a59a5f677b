import type { homeZhCN } from '../zh-CN/home.ts';

/** English: the home page and its index strip (see zh-CN/home.ts). */
export const homeEn: typeof homeZhCN = {
  home: {
    banners: {
      b1: {
        title: 'SteelPort · flat steel at a glance',
        text: 'HR, CR, galvanized, pickled and plate stock and quotes, daily.',
      },
      b2: {
        title: 'Steel index · see the trend',
        text: 'Daily price, stock and deal figures from sample warehouses.',
      },
      b3: {
        title: 'Processing · inspection',
        text: 'Slitting and cut-to-length nearby, inspections booked online.',
      },
    },
    featuresTitle: 'Services',
    features: {
      wareHouse: { title: 'Spot stock', text: 'Live warehouse stock search' },
      quotation: { title: "Today's quotes", text: 'Trader quotes and changes' },
      process: { title: 'Processing', text: 'Group slitting and cutting orders' },
      exponent: { title: 'Steel index', text: 'Price, stock and deal indexes' },
    },
    noticeTitle: 'Announcements',
    notice: 'The platform is live',
    noticeText: 'SteelPort is now live: traders publish stock and quotes, buyers search for free.',
    vipTitle: '$t(membership.vip) benefits',
    vipBenefits: {
      identity: 'VIP identity shown',
      stock: 'Free stock lookup',
      inspection: 'Free warehouse inspection',
      surplus: 'Free surplus search',
      processing: 'Free group processing',
      subscription: 'Free subscriptions',
    },
    vipOpen: 'Get VIP',
    productMapTitle: 'Products',
    productMapHint: "Click a product, material or mill for today's quotes",
    productCount: '{{count}} products',
    spec: '{{thickness}}mm × {{width}}mm',
    materials: 'Material',
    origins: 'Origin',
    loadError: 'Products failed to load',
    retry: 'Retry',
    empty: 'No products yet',
  },
  steelIndex: {
    strip: {
      title: 'Steel index',
      more: 'More',
      scrollHint: '{{count}} in all; swipe for more',
      prev: 'Scroll indexes left',
      next: 'Scroll indexes right',
    },
  },
};
