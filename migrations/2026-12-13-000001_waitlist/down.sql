DELETE FROM outbox_messages WHERE template IN ('waitlist_joined', 'waitlist_offer');
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered',
    'contact_reply', 'team_invitation', 'password_reset', 'booking_moved', 'owner_booking_moved',
    'visit_reminder', 'visit_thanks', 'return_invitation', 'rating_hidden'));
ALTER TABLE visit_settings DROP COLUMN offer_hold_minutes;
DROP TABLE waitlist_offers;
DROP TABLE waitlist_entries;
