DROP TABLE booking_schedule;
