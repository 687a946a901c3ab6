"""Club play over MQTT: the table's durable outbox and publisher, the broker check, the
league. The table never waits for the broker: what it publishes is first committed to the
outbox in its own games database, in the same transaction as the action."""
