CREATE TABLE "el_order" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"item_title" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"transaction_id" text DEFAULT '' NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"expire_time" timestamp with time zone NOT NULL,
	"provider_open" boolean DEFAULT false NOT NULL,
	"pay_time" timestamp with time zone,
	"close_time" timestamp with time zone,
	"access" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_order_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "el_order_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"result" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_order_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"refund_id" text DEFAULT '' NOT NULL,
	"admin_id" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "idx_order_user" ON "el_order" USING btree ("user_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_order_item" ON "el_order" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE INDEX "idx_order_open" ON "el_order" USING btree ("expire_time") WHERE state = 0;--> statement-breakpoint
CREATE INDEX "idx_order_provider_open" ON "el_order" USING btree ("close_time") WHERE provider_open;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_order_open" ON "el_order" USING btree ("user_id","item_type","item_id") WHERE state = 0;--> statement-breakpoint
CREATE INDEX "idx_order_event" ON "el_order_event" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "idx_order_refund" ON "el_order_refund" USING btree ("order_id");