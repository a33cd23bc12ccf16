CREATE TABLE "sys_user_face" (
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"template" text NOT NULL,
	"image_storage" text NOT NULL,
	"image_key" text NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_user_face_user_id_provider_model_pk" PRIMARY KEY("user_id","provider","model")
);
--> statement-breakpoint
ALTER TABLE "sys_user_face" ADD CONSTRAINT "sys_user_face_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_user_face_model_idx" ON "sys_user_face" USING btree ("provider","model","update_time");