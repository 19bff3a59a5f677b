-- 卷板 (issue 29): the market's short word for hot-rolled coil (螺纹 and 卷板 are the two
-- futures every trader watches), an alias of 热轧卷板 like 热卷. Before it was an ignored
-- two-character word. seed/dictionaries.ts PRODUCTS holds the same word for fresh databases.
UPDATE "products" SET "aliases" = "aliases" || ARRAY['卷板']
WHERE "name" = '热轧卷板' AND NOT ('卷板' = ANY ("aliases"));
