CREATE TABLE "cert_grant" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"rule_id" text NOT NULL,
	"tmpl_id" text NOT NULL,
	"user_id" text NOT NULL,
	"real_name" text NOT NULL,
	"dept_name" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"source_title" text DEFAULT '' NOT NULL,
	"score" real,
	"grant_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expire_time" timestamp with time zone,
	"state" text DEFAULT 'valid' NOT NULL,
	"revoke_reason" text DEFAULT '' NOT NULL,
	"revoke_time" timestamp with time zone,
	"pdf_storage" text DEFAULT '' NOT NULL,
	"pdf_key" text DEFAULT '' NOT NULL,
	"render_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cert_grant_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "cert_key" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_pem" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"retire_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cert_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"tmpl_id" text NOT NULL,
	"title" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"valid_months" integer DEFAULT 0 NOT NULL,
	"num_prefix" text DEFAULT '' NOT NULL,
	"num_year" boolean DEFAULT true NOT NULL,
	"num_digits" integer DEFAULT 6 NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cert_tmpl" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"page_size" text DEFAULT 'A4' NOT NULL,
	"orientation" text DEFAULT 'landscape' NOT NULL,
	"bg_image" text DEFAULT '' NOT NULL,
	"bg_storage" text DEFAULT '' NOT NULL,
	"bg_key" text DEFAULT '' NOT NULL,
	"elements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cert_grant" ADD CONSTRAINT "cert_grant_rule_id_cert_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."cert_rule"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cert_grant" ADD CONSTRAINT "cert_grant_tmpl_id_cert_tmpl_id_fk" FOREIGN KEY ("tmpl_id") REFERENCES "public"."cert_tmpl"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cert_rule" ADD CONSTRAINT "cert_rule_tmpl_id_cert_tmpl_id_fk" FOREIGN KEY ("tmpl_id") REFERENCES "public"."cert_tmpl"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cert_grant_once" ON "cert_grant" USING btree ("rule_id","user_id");--> statement-breakpoint
CREATE INDEX "cert_grant_user_idx" ON "cert_grant" USING btree ("user_id","grant_time");--> statement-breakpoint
CREATE INDEX "cert_grant_time_idx" ON "cert_grant" USING btree ("grant_time");--> statement-breakpoint
CREATE UNIQUE INDEX "cert_rule_source_uq" ON "cert_rule" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "cert_rule_tmpl_idx" ON "cert_rule" USING btree ("tmpl_id");