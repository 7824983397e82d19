CREATE TABLE "server_key" (
	"id" integer PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_key_single_row" CHECK ("server_key"."id" = 1)
);
