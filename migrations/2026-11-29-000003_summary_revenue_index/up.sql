-- The stat cards' revenue of this month and the last (GET /api/admin/summary,
-- store-postgres/src/summary.rs) read from the index alone: each month's
-- orders but the cancelled ones, with their totals beside the time. Through
-- orders_newest_idx every order of the month was fetched from the table to
-- read its status and total, which at ten times the orders made the summary
-- ten times slower (docs/decisions.md §17). The predicate is the query's,
-- word for word, or PostgreSQL does not use the index.
CREATE INDEX orders_revenue_idx ON orders (created_at) INCLUDE (total) WHERE status <> 'cancelled';
