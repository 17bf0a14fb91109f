DELETE FROM outbox_messages WHERE template IN ('visit_thanks', 'return_invitation', 'rating_hidden');
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered',
    'contact_reply', 'team_invitation', 'password_reset', 'booking_moved', 'owner_booking_moved',
    'visit_reminder'));
ALTER TABLE visit_settings DROP COLUMN follow_ups_checked_at;
DROP INDEX bookings_over_date_idx;
DROP TABLE follow_up_opt_outs;
DROP TABLE ratings;
DROP TABLE visit_follow_ups;
ALTER TABLE services DROP COLUMN return_after_days, DROP COLUMN aftercare;
