DROP FUNCTION dashboard_revenue(timestamptz, timestamptz);
DROP TRIGGER orders_revenue_out ON orders;
DROP TRIGGER orders_revenue_changed ON orders;
DROP TRIGGER orders_revenue_in ON orders;
DROP FUNCTION dashboard_count_revenue();
DROP TABLE dashboard_revenue_hours;
