DROP TRIGGER bookings_totals_first ON bookings;
DROP TRIGGER orders_totals_first ON orders;
DROP FUNCTION dashboard_totals_first();
