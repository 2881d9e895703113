-- A KiTa's booking in one call (issue 23, docs/decisions/booking-in-one-call.md): the readable `book()` in
-- server/modules/programme/booking.ts decides every booking this function does not take; `booking-in-one-call.test.ts`
-- pins the two to the same answers and the same stored rows. The function takes only the plain case — a staff member's
-- booking of a published training or hospitation date, registration open, the KiTa enrolled to the current season,
-- every staff entry with an address of its own, no limit reached, no mail held back by the budget — and returns null
-- for everything else before it writes anything: the readable version then answers (the error or the booking).
-- Each statement of a PL/pgSQL function takes a new snapshot (READ COMMITTED), so the recount after the offering's
-- lock sees every booking committed before the lock was granted, as in the readable version.
CREATE OR REPLACE FUNCTION programme_book_in_one_call(p jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  fid int := (p->>'facilityId')::int;
  oid_ int := (p->>'offeringId')::int;
  wanted int[] := array(SELECT jsonb_array_elements_text(p->'personIds')::int);
  at_ timestamptz := (p->>'now')::timestamptz;
  actor int := (p->>'actorUserId')::int;
  use_lock boolean := coalesce((p->>'lock')::boolean, true);
  label_ text;
  o record;
  mo record;
  season_id_ int;
  enrolled boolean;
  staff_n int;
  hour_n int;
  n int;
  result jsonb;
BEGIN
  -- the locks of the readable version, in its order: the KiTa's, then the rate limit's
  PERFORM set_config('lock_timeout', (p->>'lockTimeoutMs') || 'ms', true);
  IF use_lock THEN
    PERFORM pg_advisory_xact_lock(7411, fid);
    IF p->>'rateLockKey' IS NOT NULL THEN PERFORM pg_advisory_xact_lock(hashtextextended(p->>'rateLockKey', 0)); END IF;
  END IF;
  -- the rate limit: full when `limit` hits lie in the window
  IF p->>'rateBucket' IS NOT NULL THEN
    SELECT count(*) INTO n FROM rate_limit_hits
      WHERE bucket = p->>'rateBucket' AND key = p->>'rateKey' AND at > at_ - ((p->>'rateWindowMs') || ' milliseconds')::interval;
    IF n >= (p->>'rateLimit')::int THEN RETURN NULL; END IF;
  END IF;
  SELECT label INTO label_ FROM facilities WHERE id = fid AND merged_into_id IS NULL;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT * INTO o FROM offerings WHERE id = oid_;
  IF NOT FOUND OR o.state <> 'published' OR o.kind = 'awarding' THEN RETURN NULL; END IF;
  -- registration open (registrationBlocker)
  IF at_ >= o.ends_at OR at_ >= o.starts_at OR (o.registration_opens_at IS NOT NULL AND at_ < o.registration_opens_at)
    OR (o.registration_closes_at IS NOT NULL AND at_ >= o.registration_closes_at) THEN RETURN NULL; END IF;
  SELECT s.id, e.id IS NOT NULL INTO season_id_, enrolled FROM seasons s
    LEFT JOIN season_enrolments e ON e.season_id = s.id AND e.facility_id = fid AND e.withdrawn_at IS NULL
    WHERE s.is_current LIMIT 1;
  IF season_id_ IS NULL OR o.season_id <> season_id_ OR NOT enrolled THEN RETURN NULL; END IF;
  -- every person a staff entry of the KiTa, each with an address of its own (else the members get the mails)
  SELECT count(*) INTO staff_n FROM persons
    WHERE facility_id = fid AND id = ANY (wanted) AND removed_at IS NULL AND coalesce(email, '') <> '';
  IF staff_n <> cardinality(wanted) OR cardinality(wanted) = 0 THEN RETURN NULL; END IF;
  IF EXISTS (SELECT 1 FROM offering_enrolments WHERE offering_id = oid_ AND person_id = ANY (wanted) AND state <> 'cancelled') THEN
    RETURN NULL;
  END IF;
  -- the module's limits per KiTa
  IF o.kind = 'training' AND o.module_id IS NOT NULL THEN
    SELECT max_per_facility_per_event AS per_event, max_per_facility_per_module AS per_module, id INTO mo FROM training_modules WHERE id = o.module_id;
    IF NOT FOUND THEN RETURN NULL; END IF;
    IF mo.per_event IS NOT NULL THEN
      SELECT count(*) INTO n FROM offering_enrolments
        WHERE offering_id = oid_ AND facility_id = fid AND state IN ('confirmed', 'waitlisted', 'attended');
      IF n + cardinality(wanted) > mo.per_event THEN RETURN NULL; END IF;
    END IF;
    IF mo.per_module IS NOT NULL THEN
      SELECT count(*) INTO n FROM offering_enrolments e JOIN offerings x ON x.id = e.offering_id
        WHERE x.module_id = mo.id AND e.facility_id = fid AND e.state IN ('confirmed', 'waitlisted', 'attended');
      IF n + cardinality(wanted) > mo.per_module THEN RETURN NULL; END IF;
    END IF;
  END IF;
  -- the mail budget (one counted mail per person, to its own address): every mail within it, else the readable
  -- version decides which are held back
  IF EXISTS (
    SELECT 1 FROM (
      SELECT lower(email) AS addr, count(*) AS k FROM persons WHERE facility_id = fid AND id = ANY (wanted) AND removed_at IS NULL GROUP BY lower(email)
    ) a
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE created_at > now() - interval '1 hour') AS hour, count(*) AS day FROM mail_outbox
      WHERE budget = 'counted' AND created_at > now() - interval '24 hours' AND lower(recipient) = a.addr
    ) c
    WHERE c.hour + a.k > (p->>'recipientPerHour')::int OR c.day + a.k > (p->>'recipientPerDay')::int
  ) THEN RETURN NULL; END IF;
  SELECT count(*) FILTER (WHERE created_at > now() - interval '1 hour'), count(*) INTO hour_n, n FROM mail_outbox
    WHERE budget = 'counted' AND created_at > now() - interval '24 hours' AND facility_id = fid;
  IF hour_n + cardinality(wanted) > (p->>'facilityPerHour')::int OR n + cardinality(wanted) > (p->>'facilityPerDay')::int THEN
    RETURN NULL;
  END IF;

  -- the offering's lock (a statement of its own: the recount after it sees every booking committed before it)
  IF use_lock THEN
    SELECT * INTO o FROM offerings WHERE id = oid_ FOR UPDATE;
  ELSE
    SELECT * INTO o FROM offerings WHERE id = oid_;
  END IF;
  IF o.state <> 'published' OR o.season_id <> season_id_ OR at_ >= o.ends_at OR at_ >= o.starts_at
    OR (o.registration_opens_at IS NOT NULL AND at_ < o.registration_opens_at)
    OR (o.registration_closes_at IS NOT NULL AND at_ >= o.registration_closes_at) THEN RETURN NULL; END IF;

  -- the decision (as decideSeats), the audit rows, the rate limit's hit and the mails, in one statement
  WITH taken AS (
    SELECT count(*)::int AS n, CASE WHEN (p->>'raceWindowSeconds') IS NOT NULL THEN pg_sleep((p->>'raceWindowSeconds')::float8) END AS waited
    FROM offering_enrolments WHERE offering_id = oid_ AND state IN ('confirmed', 'attended')
  ), want AS (
    SELECT w.person_id, w.ord, w.ord <= o.capacity - t.n AS seat
    FROM unnest(wanted) WITH ORDINALITY AS w(person_id, ord), taken t
  ), ins AS (
    INSERT INTO offering_enrolments (offering_id, facility_id, person_id, state, queued_at, confirmed_at, over_capacity, created_by, updated_by)
    SELECT oid_, fid, w.person_id, CASE WHEN w.seat THEN 'confirmed' ELSE 'waitlisted' END, clock_timestamp(),
      CASE WHEN w.seat THEN at_ END, false, actor, actor
    FROM want w ORDER BY w.ord
    RETURNING id, person_id, state, queued_at
  ), places AS (
    SELECT id, row_number() OVER (ORDER BY queued_at, id) AS pos FROM (
      SELECT id, queued_at FROM offering_enrolments WHERE offering_id = oid_ AND state = 'waitlisted'
      UNION ALL
      SELECT id, queued_at FROM ins WHERE state = 'waitlisted'
    ) w
  ), decided AS (
    SELECT ins.id, ins.person_id, ins.state, CASE WHEN ins.state = 'waitlisted' THEN places.pos::int END AS pos,
      pe.email, pe.first_name, pe.last_name
    FROM ins LEFT JOIN places ON places.id = ins.id AND ins.state = 'waitlisted' JOIN persons pe ON pe.id = ins.person_id
  ), audited AS (
    INSERT INTO audit_log (actor_user_id, action, entity_type, entity_id, before, after, request_id, ip)
    SELECT actor, 'offering_enrolment.create', 'offering_enrolment', d.id::text, NULL,
      jsonb_build_object('offeringId', oid_, 'facilityId', fid, 'personId', d.person_id, 'state', d.state, 'waitlistPosition', d.pos,
        'overCapacity', false),
      p->>'requestId', p->>'ip'
    FROM decided d ORDER BY d.id
  ), hit AS (
    INSERT INTO rate_limit_hits (bucket, key, at) SELECT p->>'rateBucket', p->>'rateKey', at_ WHERE p->>'rateBucket' IS NOT NULL
  ), mailed AS (
    INSERT INTO mail_outbox (recipient, template, data, facility_id, budget, next_attempt_at)
    SELECT d.email,
      CASE WHEN d.state = 'confirmed' THEN 'programme-booking-confirmed' ELSE 'programme-booking-waitlisted' END,
      jsonb_build_object('enrolmentId', d.id, 'kind', o.kind, 'title', o.title,
        'startsAt', to_char(o.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'endsAt', to_char(o.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'place', o.place, 'onlineUrl', o.online_url,
        'personName', coalesce(nullif(btrim(d.first_name || ' ' || d.last_name), ''), d.email, ''),
        'facilityLabel', label_, 'waitlistPosition', d.pos, 'greetName', d.first_name),
      fid, 'counted', at_
    FROM decided d ORDER BY d.id
  )
  SELECT jsonb_agg(jsonb_build_object('personId', d.person_id, 'enrolmentId', d.id, 'state', d.state, 'waitlistPosition', d.pos) ORDER BY d.id)
    INTO result FROM decided d;
  RETURN result;
END
$$;
