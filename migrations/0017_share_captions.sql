-- Captions on share links (ADR 0018): a recording or clip shared with 'Mostrar subtítulos' shows
-- its transcript on the video. Off for the links made before, as they were made without them.
ALTER TABLE shares ADD COLUMN captions INTEGER NOT NULL DEFAULT 0 CHECK (captions IN (0, 1));
