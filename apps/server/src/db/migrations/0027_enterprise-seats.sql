CREATE TABLE "enterprise_seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"commodity_id" integer NOT NULL,
	"phone" varchar(11) NOT NULL,
	"holder_user_id" integer,
	"seated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enterprise_seats_seated_ck" CHECK (("enterprise_seats"."holder_user_id" is null) = ("enterprise_seats"."seated_at" is null))
);
--> statement-breakpoint
ALTER TABLE "vip_commodities" ADD COLUMN "free_unlocks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enterprise_seats" ADD CONSTRAINT "enterprise_seats_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_seats" ADD CONSTRAINT "enterprise_seats_commodity_id_vip_commodities_id_fk" FOREIGN KEY ("commodity_id") REFERENCES "public"."vip_commodities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_seats" ADD CONSTRAINT "enterprise_seats_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enterprise_seats_owner_idx" ON "enterprise_seats" USING btree ("owner_user_id","commodity_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_seats_holder_uq" ON "enterprise_seats" USING btree ("holder_user_id") WHERE "enterprise_seats"."holder_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_seats_invited_phone_uq" ON "enterprise_seats" USING btree ("phone") WHERE "enterprise_seats"."holder_user_id" is null;--> statement-breakpoint
CREATE VIEW "public"."membership_periods" AS (select m.user_id, m.commodity_id, m.starts_at, m.expires_at, m.seats, null::integer as seat_id, null::integer as owner_user_id
  from user_memberships m
  union all
  select s.holder_user_id, m.commodity_id, m.starts_at, m.expires_at, 1::smallint, s.id, s.owner_user_id
  from enterprise_seats s
  join user_memberships m on m.user_id = s.owner_user_id and m.commodity_id = s.commodity_id
  where s.holder_user_id is not null
    and (select count(*) from enterprise_seats o
         where o.owner_user_id = s.owner_user_id and o.commodity_id = s.commodity_id and o.id <= s.id) < m.seats);--> statement-breakpoint
-- Hand-written: 免豆会员 keeps its free unlocks as data; 企业会员 goes on sale with them, its seats given to colleagues.
UPDATE "vip_commodities" SET "free_unlocks" = true WHERE "is_vip" = 1;--> statement-breakpoint
UPDATE "vip_commodities" SET "free_unlocks" = true, "active" = true, "benefits" = ARRAY['按席位开通，席位可分配给同事', '席位持有人免费查看现货联系方式', '企业认证标识', '专属客服', '优先展示企业资源']::text[] WHERE "per_seat" = true AND "name" = '企业会员';
