-- The quality tier each segment was recorded at (issue 48): 0 is product §9's rates (the default,
-- and every segment recorded before tiers), 1 to 3 the lower rates a participant's recorder picks
-- for a slow uplink, changing tier by opening a new segment. Written when the segment opens (a
-- camera file's is its screen segment's); the researcher's player marks the reduced ones.

ALTER TABLE entry_segments ADD COLUMN tier INTEGER NOT NULL DEFAULT 0;
