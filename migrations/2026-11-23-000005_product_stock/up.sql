-- A product's stock: NULL is unlimited (every product so far), a number is
-- how many are left. Orders take from it in their transaction; it can never
-- go below zero.
ALTER TABLE products ADD COLUMN stock INTEGER CHECK (stock IS NULL OR stock >= 0);
