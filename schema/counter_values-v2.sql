-- The counter_values view of schema versions 1 and 2, as those versions
-- created it: a database they made still holds it until a writer migrates
-- the file to version 3 (collector/db.c), and readers must accept it.
CREATE VIEW counter_values AS
WITH entry AS (
	SELECT s.run_id, s.seq, CAST(j.value AS INTEGER) AS name_id,
	       json_extract(s.deltas, '$[' || (j.key + 1) || ']') AS x,
	       0 AS is_abs
	FROM sample_seq s, json_each(s.deltas) j
	WHERE s.deltas IS NOT NULL AND j.key % 2 = 0
	UNION ALL
	SELECT s.run_id, s.seq, CAST(j.value AS INTEGER),
	       json_extract(s.absolutes, '$[' || (j.key + 1) || ']'), 1
	FROM sample_seq s, json_each(s.absolutes) j
	WHERE s.absolutes IS NOT NULL AND j.key % 2 = 0
),
grid AS (
	SELECT s.run_id, s.seq, s.t_us, CAST(j.value AS INTEGER) AS name_id,
	       coalesce(e.x, 0) AS x, coalesce(e.is_abs, 0) AS is_abs
	FROM sample_seq s
	JOIN layout l ON l.id = s.layout_id
	JOIN json_each(l.name_ids) j
	LEFT JOIN entry e ON e.run_id = s.run_id AND e.seq = s.seq
	                 AND e.name_id = CAST(j.value AS INTEGER)
),
segmented AS (
	SELECT *, sum(is_abs) OVER (PARTITION BY run_id, name_id ORDER BY seq)
	              AS segment
	FROM grid
),
valued AS (
	SELECT run_id, seq, t_us, name_id, x, is_abs,
	       sum(x) OVER (PARTITION BY run_id, name_id, segment ORDER BY seq)
	           AS value
	FROM segmented
),
flagged AS (
	-- an event counter that went backwards, compared as unsigned 64-bit
	-- numbers (the previous value is value - x, exact by construction)
	SELECT v.*, n.source, n.name, n.kind,
	       (n.kind = 'counter' AND NOT v.is_abs AND v.x <> 0 AND
	        CASE WHEN (v.value < 0) = (v.value - v.x < 0)
	             THEN v.value < v.value - v.x
	             ELSE v.value >= 0 END) AS went_back
	FROM valued v JOIN counter_name n ON n.id = v.name_id
)
SELECT v.run_id, v.seq, v.t_us / 1e6 AS t, v.source, v.name, v.value,
       CASE WHEN v.is_abs OR v.went_back THEN NULL ELSE v.x END AS delta,
       v.went_back AS reset,
       v.kind,
       -- value + 2^64 for negatives, in decimal: 2^63 = 9223372036|854775808
       CASE WHEN v.value >= 0 THEN CAST(v.value AS TEXT) ELSE
           ((v.value + 9223372036854775807 + 1) / 1000000000 + 9223372036 +
            ((v.value + 9223372036854775807 + 1) % 1000000000 + 854775808)
                / 1000000000) ||
           printf('%09d',
                  ((v.value + 9223372036854775807 + 1) % 1000000000 + 854775808)
                      % 1000000000)
       END AS u64
FROM flagged v;
