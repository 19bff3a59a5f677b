ALTER TABLE "orders" ADD COLUMN "reward_beans_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reward_beans_owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reward_beans_ck" CHECK ("orders"."reward_beans_taken" >= 0 and "orders"."reward_beans_owed" >= 0);