import type { pagesZhCN } from '../zh-CN/pages.ts';

/** English: the public screens' titles and descriptions (see zh-CN/pages.ts). */
export const pagesEn: typeof pagesZhCN = {
  pages: {
    home: {
      title: 'Home',
      desc: 'SteelPort: flat-steel warehouse stock, traders’ quotations of the day, surplus lots, the steel index, shared processing and inspections in one place.',
    },
    moreInfo: { title: 'News', desc: 'Industry news, policy and market analysis by column and tag.' },
    moreInfoArticle: { title: 'News article', desc: 'The article with its source and related reading.' },
    agency: { title: 'Agencies', desc: 'Mill agents and distributors with brands, region and contact.' },
    agencyDetail: { title: 'Agency', desc: "An agency's brands, business scope and contact." },
    wareHouse: {
      title: 'Spot stock',
      desc: 'Search warehouse stock by product, material, spec, origin and warehouse, and contact sellers.',
    },
    beginMain: {
      title: "Today's quotes",
      desc: "Traders' quotes of the day, filtered by product, material, spec, origin and city, with changes.",
    },
    firminfo: { title: 'Trader quotes', desc: "One trader's quotes, call-for-price items and profile." },
    surplus: {
      title: 'Surplus market',
      desc: 'Surplus and off-grade material with quality grade and defects.',
    },
    exponentMain: {
      title: 'Steel index',
      desc: 'Price, stock, in/out and deal indexes of sample warehouses with daily trend charts.',
    },
    priceTable: {
      title: 'Price tables',
      desc: "Each day's median quote per city for hot-rolled, cold-rolled, galvanized and other flat steel, with counts, changes and history.",
    },
    crossdate: { title: 'Cross-date comparison', desc: 'Compare every index between two chosen dates.' },
    morepage: { title: 'Index articles', desc: 'Analysis and commentary on the steel index.' },
    morepageArticle: { title: 'Index article', desc: 'An index article with the indexes it covers.' },
    beginClound: {
      title: 'Warehouse self-service',
      desc: 'Your goods in partner warehouses with in/out history, capacity and saturation.',
    },
    beginInspection: {
      title: 'Warehouse inspection',
      desc: 'Book an inspection at a partner warehouse and follow its progress, photos and findings.',
    },
    commercialAffairsList: { title: 'Market news', desc: 'Market dynamics, flash news and announcements.' },
    commercialAffairsDetail: { title: 'Market news item', desc: 'The full item with its publishing time.' },
    process: {
      title: 'Shared processing',
      desc: 'Slitting and cut-to-length plants with capacity and prices; join group orders.',
    },
    vipopen: { title: 'Get VIP', desc: 'Choose a plan and duration, use beans, pay by scanning a QR code.' },
    vipmember: {
      title: 'Membership centre',
      desc: 'Benefits, validity and purchase history of $t(membership.vip), $t(membership.data) and the others.',
    },
    login: {
      title: 'Log in',
      desc: 'Log in by QR code, password or SMS code, reset a forgotten password, and return to your page.',
    },
    qrConfirm: { title: 'Confirm QR login', desc: 'Confirm the computer’s QR login on your phone.' },
    vipresult: {
      title: 'Payment result',
      desc: 'The result of a membership payment: what opened until when, waiting, or closed.',
    },
    mpay: { title: 'Pay on phone', desc: 'Confirm or cancel a VIP order on your phone: amount and items.' },
    account: { title: 'My account', desc: 'Profile, password, membership and beans.' },
    accountProfile: { title: 'Profile', desc: 'Contact name, company and password.' },
    accountMembership: { title: 'Membership & beans', desc: 'Membership status, expiry and bean balance.' },
    accountBeans: {
      title: 'Bean history',
      desc: 'Beans received, spent, refunded and adjusted, newest first.',
    },
    accountInbox: {
      title: 'Inbox',
      desc: 'New stock, surplus, quotes and index alerts your subscriptions found, delivered live.',
    },
    accountSeats: {
      title: 'Company seats',
      desc: 'Company membership seats: bought and given; give to colleagues by phone, remove or reassign.',
    },
    accountSubscriptions: {
      title: 'My subscriptions',
      desc: 'Saved searches and index alerts: rename, pause, delete, latest matches, daily SMS digest.',
    },
    agreement: {
      title: 'Terms of Service',
      desc: 'SteelPort terms: account and security, beans and membership, publishing rules, rights and duties.',
    },
    privacy: {
      title: 'Privacy Policy',
      desc: 'How SteelPort collects, uses, keeps and protects your personal information, and your rights.',
    },
    notFound: {
      title: 'Page not found',
      desc: 'The page you asked for does not exist or has moved; go home or pick a section from the menu.',
    },
  },
};
