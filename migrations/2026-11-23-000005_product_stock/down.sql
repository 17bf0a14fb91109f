ALTER TABLE products DROP COLUMN stock;
