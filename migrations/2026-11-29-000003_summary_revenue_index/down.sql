DROP INDEX orders_revenue_idx;
