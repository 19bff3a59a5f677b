import { type Static, Type } from 'typebox';

/** A product (品名) with what a trader may choose for it. */
export const ProductEntry = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: '品名, e.g. 热轧卷板' }),
  aliases: Type.Array(Type.String(), { description: 'what traders also type: 热卷, 热轧' }),
  materials: Type.Array(Type.String(), { description: '材质, e.g. Q235B, SPHC' }),
  origins: Type.Array(Type.String(), { description: 'common mills (产地)' }),
  thicknessMin: Type.Number({ description: 'mm' }),
  thicknessMax: Type.Number({ description: 'mm' }),
  widthMin: Type.Integer({ description: 'mm' }),
  widthMax: Type.Integer({ description: 'mm' }),
});
export type ProductEntry = Static<typeof ProductEntry>;

export const ProductCategory = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String({ description: '类别, e.g. 热轧' }),
  products: Type.Array(ProductEntry),
});
export type ProductCategory = Static<typeof ProductCategory>;

export const ProductMap = Type.Object({ categories: Type.Array(ProductCategory) });
export type ProductMap = Static<typeof ProductMap>;

/** Addresses the portal links to; configured on the server so one build serves every site. */
export const SiteConfig = Type.Object({
  loginSiteUrl: Type.String(),
  accountSiteUrl: Type.String(),
  allowedEmbedOrigins: Type.Array(Type.String()),
});
export type SiteConfig = Static<typeof SiteConfig>;

export const Health = Type.Object({ status: Type.Literal('ok'), database: Type.Literal('ok') });
