DELETE FROM outbox_messages WHERE calendar_method = 'PUBLISH';
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_calendar_method_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_calendar_method_check
    CHECK (calendar_method IN ('REQUEST', 'CANCEL'));
DELETE FROM outbox_messages WHERE template IN ('booking_moved', 'owner_booking_moved');
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered',
    'contact_reply', 'team_invitation', 'password_reset'));
DROP TABLE visit_settings;
ALTER TABLE bookings DROP COLUMN guest_moves, DROP COLUMN moves;
