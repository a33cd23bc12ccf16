CREATE TABLE "el_battle" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"mode" integer NOT NULL,
	"repo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qu_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"levels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qu_count" integer NOT NULL,
	"qu_seconds" integer NOT NULL,
	"right_score" integer NOT NULL,
	"speed_bonus" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"open_type" integer DEFAULT 1 NOT NULL,
	"dept_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"win_points" integer DEFAULT 0 NOT NULL,
	"join_points" integer DEFAULT 0 NOT NULL,
	"daily_limit" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"create_by" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "el_battle_answer" (
	"round_id" text NOT NULL,
	"seq" integer NOT NULL,
	"user_id" text NOT NULL,
	"qu_id" text NOT NULL,
	"answers" jsonb NOT NULL,
	"right" boolean NOT NULL,
	"score" integer NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_battle_answer_round_id_seq_user_id_pk" PRIMARY KEY("round_id","seq","user_id")
);
--> statement-breakpoint
CREATE TABLE "el_battle_person" (
	"battle_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "el_battle_person_battle_id_user_id_pk" PRIMARY KEY("battle_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "el_battle_player" (
	"round_id" text NOT NULL,
	"user_id" text NOT NULL,
	"battle_id" text NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"right_count" integer DEFAULT 0 NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "el_battle_player_round_id_user_id_pk" PRIMARY KEY("round_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "el_battle_round" (
	"id" text PRIMARY KEY NOT NULL,
	"battle_id" text NOT NULL,
	"mode" integer NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"host_id" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"seq" integer DEFAULT -1 NOT NULL,
	"phase" integer DEFAULT 0 NOT NULL,
	"phase_at" bigint DEFAULT 0 NOT NULL,
	"qu_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qu_seconds" integer NOT NULL,
	"right_score" integer NOT NULL,
	"speed_bonus" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"finish_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "el_battle_answer_qu" ON "el_battle_answer" USING btree ("qu_id");--> statement-breakpoint
CREATE INDEX "el_battle_player_user" ON "el_battle_player" USING btree ("user_id","battle_id","create_time");--> statement-breakpoint
CREATE INDEX "el_battle_round_battle" ON "el_battle_round" USING btree ("battle_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "el_battle_round_open_code" ON "el_battle_round" USING btree ("code") WHERE "el_battle_round"."code" <> '' and "el_battle_round"."status" < 2;