DELETE FROM outbox_messages WHERE template = 'visit_reminder';
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered',
    'contact_reply', 'team_invitation', 'password_reset', 'booking_moved', 'owner_booking_moved'));
DROP INDEX bookings_confirmed_date_idx;
DROP TABLE booking_reminders;
ALTER TABLE visit_settings
    DROP CONSTRAINT visit_settings_stay_order,
    DROP COLUMN reminders_checked_at, DROP COLUMN quiet_until_hour, DROP COLUMN quiet_from_hour, DROP COLUMN stay_second_days,
    DROP COLUMN stay_first_days, DROP COLUMN treatment_morning_of, DROP COLUMN treatment_first_hours,
    DROP COLUMN reminders_on;
ALTER TABLE bookings DROP COLUMN guest_confirmed_at;
