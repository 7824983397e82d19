-- Card serials take their 8 digits from a sequence: random digits collide by the birthday paradox
-- (about one chance in two with 10,000 cards in a day), which failed whole batches on the unique index.
CREATE SEQUENCE IF NOT EXISTS "card_serial_seq";
