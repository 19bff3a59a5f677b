import type {
  adminPagesZhCN,
  signedInPagesZhCN,
  traderPagesZhCN,
  workspacePagesZhCN,
} from './signed-in-pages.zh-CN.ts';

/** English titles and descriptions of the signed-in screens (see signed-in-pages.zh-CN.ts). */

export const adminPagesEn: typeof adminPagesZhCN = {
  admin: {
    title: 'Operator console',
    desc: 'SteelPort operator console: users, content, ads and the audit log.',
  },
  adminDashboard: {
    title: 'Console overview',
    desc: "Today's new users, quotations, stock, enquiries and payments, a 30-day trend and job health.",
  },
  adminUsers: {
    title: 'User management',
    desc: 'Find users by phone, name or company; change roles, disable, adjust beans, grant memberships.',
  },
  adminArticles: {
    title: 'Article management',
    desc: 'Write, schedule, restrict to members and withdraw news articles.',
  },
  adminAffairs: { title: 'Market news management', desc: 'Publish, edit and withdraw market news items.' },
  adminAgencies: { title: 'Agency management', desc: 'Add, edit and withdraw agencies in the directory.' },
  adminAds: { title: 'Ad management', desc: 'Banner and ad images, links, active periods and switches.' },
  adminAnnouncement: {
    title: 'Home announcement',
    desc: 'The text, link and display window of the home announcement.',
  },
  adminInspections: {
    title: 'Inspection management',
    desc: "Accept members' inspection requests, assign inspectors, trace steps with photos, complete or cancel.",
  },
  adminProcessing: {
    title: 'Processing management',
    desc: 'Processing offers and group orders; follow up members’ enquiries and shares.',
  },
  adminSwitches: {
    title: 'Service switches',
    desc: 'Open or close inspection, self-service, processing and payment.',
  },
  adminVipPrices: {
    title: 'VIP memberships and prices',
    desc: 'Names, descriptions, benefits, sale switch and price per duration of the memberships.',
  },
  adminOrders: {
    title: 'VIP orders',
    desc: 'Find VIP orders by number or phone, see their payments and refund them.',
  },
  adminWarehouseDaily: {
    title: 'Warehouse daily figures',
    desc: 'Search, enter, edit and import (Excel) each warehouse’s daily in, out, stock, listed and dealt tonnage.',
  },
  adminIndexCorrections: {
    title: 'Index corrections',
    desc: 'Correct a day of an index (price or figures) with a reason, recompute it and see before and after.',
  },
  adminPriceItems: {
    title: 'Price table rows',
    desc: 'Which items the price tables show for each product: chosen by how often they are quoted, pinned or hidden by operators.',
  },
  adminVocabulary: {
    title: 'Search vocabulary',
    desc: 'The families, products, grades and mills search understands: add or remove aliases, add grades.',
  },
  adminAudit: {
    title: 'Audit log',
    desc: 'Every console write: who, when, from where, and the row before and after; read-only.',
  },
};

/** English titles of the trader's own rows' screens. */
export const traderPagesEn: typeof traderPagesZhCN = {
  accountQuotations: {
    title: 'My quotes',
    desc: "Your company's daily quotes: copy the previous trading day's with one markup, edit, reprice and delete.",
  },
  accountStock: {
    title: 'My stock',
    desc: "Your company's spot stock: add, edit price and weight, mark sold, reprice in bulk, Excel import and export.",
  },
  accountSurplus: {
    title: 'My surplus',
    desc: "Your company's surplus lots: grade and defects, price and weight, mark sold and relist.",
  },
};

/** English titles of the workspace screens. */
export const workspacePagesEn: typeof workspacePagesZhCN = {
  accountImport: {
    title: 'Import Excel',
    desc: 'Upload an Excel or CSV sheet to publish stock, surplus and quotes: preview row errors, then import the sheet at once.',
  },
  accountEnquiries: {
    title: 'Enquiries received',
    desc: 'Buyers’ enquiries about your stock, surplus and quotes: name, phone, company and message.',
  },
  accountFirm: {
    title: 'Company profile',
    desc: 'Edit the short name, contact, main products and introduction of your firm page; get its embed code.',
  },
  accountKeys: {
    title: 'API keys',
    desc: 'Create and disable the API keys your ERP uses to sync stock, surplus and quotes.',
  },
  accountBecomeTrader: {
    title: 'Become a trader',
    desc: 'Traders publish stock, surplus and quotes, import Excel and receive enquiry leads; enter your company name to become one.',
  },
};

/** Every signed-in screen's title and description, as they join `pages`. */
export const signedInPagesEn: typeof signedInPagesZhCN = {
  pages: { ...adminPagesEn, ...traderPagesEn, ...workspacePagesEn },
};
