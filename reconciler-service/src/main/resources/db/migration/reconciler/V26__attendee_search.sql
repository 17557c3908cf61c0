-- Find a person (#41): ops look attendees up by name, company or e-mail, whatever the accents and
-- the case. search_key is the one normalisation, for the stored columns and the query alike:
-- Unicode NFD, combining marks removed, lower case (what Java's Normalizer NFD, stripping \p{M}
-- and lower-casing give for Latin, Greek and Cyrillic names). It is built into PostgreSQL 13+
-- (normalize() needs a UTF8 database), so no extension (unaccent, pg_trgm) has to be installed
-- where the suite runs. The columns are generated: every writer (import, kiosk overrides, desk
-- corrections, erasure) keeps them right without knowing of them, and an erasure (#38, invariant
-- 15) empties them with the data they come from.
CREATE FUNCTION search_key(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
	RETURNS NULL ON NULL INPUT AS $$
	SELECT lower(regexp_replace(normalize(value, NFD),
		'[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'))
$$;

-- The registry's name, company and e-mail.
ALTER TABLE attendees ADD COLUMN search_text text NOT NULL
	GENERATED ALWAYS AS (reconciler.search_key(display_name || ' ' || coalesce(company, '') || ' ' || coalesce(email, ''))) STORED;

-- The names and companies a kiosk or the desk put on the badge.
ALTER TABLE check_ins ADD COLUMN search_text text NOT NULL
	GENERATED ALWAYS AS (reconciler.search_key(coalesce(kiosk_display_name, '') || ' '
		|| coalesce(kiosk_company, '') || ' ' || coalesce(desk_display_name, '') || ' ' || coalesce(desk_company, ''))) STORED;
