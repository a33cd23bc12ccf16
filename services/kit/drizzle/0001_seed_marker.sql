CREATE TABLE "sys_seed" (
	"name" text PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
