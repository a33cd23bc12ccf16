ALTER TABLE "el_paper_qu" DROP CONSTRAINT "el_paper_qu_paper_id_el_paper_id_fk";
--> statement-breakpoint
DROP INDEX "el_paper_qu_sort";