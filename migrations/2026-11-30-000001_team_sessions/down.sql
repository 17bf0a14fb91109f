DELETE FROM outbox_messages WHERE template IN ('team_invitation', 'password_reset');
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_template_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_template_check CHECK (template IN (
    'booking_requested', 'booking_confirmed', 'booking_cancelled', 'order_receipt',
    'order_shipped', 'order_cancelled', 'contact_acknowledged', 'newsletter_welcome',
    'owner_new_booking', 'owner_new_order', 'owner_new_message', 'owner_booking_cancelled',
    'order_refunded', 'deposit_refunded', 'deposit_action_required', 'gift_card_delivered',
    'contact_reply'));
DROP TABLE admin_password_resets;
DROP TABLE admin_invitations;
DROP TABLE admin_sessions;
ALTER TABLE admin_users DROP COLUMN role;
