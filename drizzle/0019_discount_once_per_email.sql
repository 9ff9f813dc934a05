ALTER TABLE "discount_code_uses" ADD COLUMN "once_per_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: the uses so far of "once per e-mail address" codes are marked as such,
-- except a second live (held or committed) use of one address, which the old check let
-- through under concurrency: it would break the unique index below. The committed one,
-- else the earliest, keeps the address; the others stay as they were (a held one still
-- lapses or is paid as before).
WITH "ranked" AS (
	SELECT "u"."id",
		"u"."status" in ('held', 'committed') AS "live",
		row_number() OVER (
			PARTITION BY "u"."discount_code_id", "u"."email", "u"."status" in ('held', 'committed')
			ORDER BY "u"."status" = 'committed' DESC, "u"."created_at", "u"."id"
		) AS "n"
	FROM "discount_code_uses" AS "u"
	JOIN "discount_codes" AS "c" ON "c"."id" = "u"."discount_code_id"
	WHERE "c"."once_per_email"
)
UPDATE "discount_code_uses" SET "once_per_email" = true
FROM "ranked"
WHERE "ranked"."id" = "discount_code_uses"."id" AND (NOT "ranked"."live" OR "ranked"."n" = 1);--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_uses_once_per_email" ON "discount_code_uses" USING btree ("discount_code_id","email") WHERE "discount_code_uses"."once_per_email" and "discount_code_uses"."status" in ('held', 'committed');
