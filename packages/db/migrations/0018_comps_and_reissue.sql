-- Comp tickets (issue 22): an order is a sale (the buyer's checkout) or a comp (free tickets the box office
-- issues to a named guest, counted against capacity, marked as comps in reports).
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'sale' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_known" CHECK ("orders"."kind" IN ('sale', 'comp'));
