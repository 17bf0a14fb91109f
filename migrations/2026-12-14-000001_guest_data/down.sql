DELETE FROM outbox_messages
    WHERE template IN ('privacy_request_confirm', 'owner_privacy_request', 'privacy_copy_ready');
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered',
    'contact_reply', 'team_invitation', 'password_reset', 'booking_moved', 'owner_booking_moved',
    'visit_reminder', 'visit_thanks', 'return_invitation', 'rating_hidden',
    'waitlist_joined', 'waitlist_offer'));
DROP INDEX newsletter_subscriptions_email_idx;
DROP INDEX contact_messages_email_idx;
DROP INDEX outbox_messages_recipient_idx;
DROP INDEX waitlist_entries_any_email_idx;
DROP INDEX ratings_email_idx;
DROP INDEX gift_cards_buyer_email_idx;
DROP INDEX gift_cards_recipient_email_idx;
DROP INDEX orders_lower_email_idx;
DROP INDEX bookings_lower_email_idx;
DROP TABLE privacy_requests;
