ALTER TABLE "sys_user_real" ADD COLUMN "photo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user_real" ADD COLUMN "capture_storage" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user_real" ADD COLUMN "capture_key" text DEFAULT '' NOT NULL;