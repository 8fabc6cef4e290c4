-- Issue 31 item 5: a new venue starts bookable. A database whose venue was never set up (no court
-- and no dart bay yet) gets the spec's venue (SPEC §9, src/domain/facilities.ts): Courts 1-8,
-- Dart Bays 1-4 and, when it has no hours either, the spec's weekly hours; the owner then edits
-- them in the admin's settings. A venue that has any court or bay keeps what it has. Migrations
-- run once per database, under the migrator's advisory lock, so several processes starting
-- together add them once; ON CONFLICT makes the inserts themselves harmless to repeat.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "courts") AND NOT EXISTS (SELECT 1 FROM "dart_bays") THEN
    INSERT INTO "courts" ("id", "name", "sort_order")
      SELECT n, 'Court ' || n, n FROM generate_series(1, 8) AS n
      ON CONFLICT DO NOTHING;
    INSERT INTO "dart_bays" ("id", "name", "sort_order")
      SELECT n, 'Dart Bay ' || n, n FROM generate_series(1, 4) AS n
      ON CONFLICT DO NOTHING;
    IF NOT EXISTS (SELECT 1 FROM "operating_hours") THEN
      INSERT INTO "operating_hours" ("day_of_week", "opens_at", "closes_at") VALUES
        (0, '10:30', '21:00'),
        (1, '09:00', '21:00'),
        (2, '09:00', '21:00'),
        (3, '09:00', '21:00'),
        (4, '09:00', '21:00'),
        (5, '09:00', '22:00'),
        (6, '09:00', '22:00')
        ON CONFLICT DO NOTHING;
    END IF;
  END IF;
END
$$;
