DROP TABLE outbox_attempts;
DROP TABLE outbox_messages;
