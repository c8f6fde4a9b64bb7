-- Who made each reel (ADR 0019): a team sees the author of notes, clips, reels and share links.
-- Notes (`entry_notes.author_id`) and links (`shares.owner_id`) always kept theirs; reels did not.
-- Before teams only an analysis's owner made its reels (ADR 0012), so existing reels are theirs.
-- The author is only a name to show: when the account goes, the reel stays the workspace's.
ALTER TABLE reels ADD COLUMN author_id TEXT REFERENCES users(id) ON DELETE SET NULL;
UPDATE reels SET author_id = (SELECT owner_id FROM analyses WHERE analyses.id = reels.analysis_id);
