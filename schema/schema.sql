-- vmscope database schema, version 4 (PRAGMA user_version = 4,
-- PRAGMA application_id = 0x766d7363).  Both programs compile this file in;
-- docs/schema.md explains every table and view.
--
-- Storage (tables) is compact; reading is done through the views at the
-- end, which a person can query with the plain sqlite3 shell.

-- One recording.  Times: *_wall_us are microseconds since the Unix epoch,
-- *_mono_ns is CLOCK_MONOTONIC, so markers from other processes line up.
CREATE TABLE run (
	id                 INTEGER PRIMARY KEY,
	label              TEXT,
	kernel_release     TEXT,
	kernel_version     TEXT,
	machine            TEXT,
	boot_id            TEXT,
	host               TEXT,
	page_size          INTEGER,
	cpus               INTEGER,
	mem_total_kb       INTEGER,
	swap_total_kb      INTEGER,
	swappiness         INTEGER,
	cgroup             TEXT,
	cgroup_swappiness  INTEGER,
	lru_gen            TEXT,     -- /sys/kernel/mm/lru_gen/enabled, or 'none'
	interval_ns        INTEGER,
	commit_interval_ns INTEGER,
	sources            TEXT,     -- e.g. 'vmstat,meminfo,psi'
	cmdline            TEXT,     -- the collector's own argv, JSON array
	command            TEXT,     -- the measured command, JSON array, or NULL
	collector_version  TEXT,
	started_wall_us    INTEGER,
	started_mono_ns    INTEGER,
	ended_wall_us      INTEGER,  -- NULL while recording or after a crash
	elapsed_ns         INTEGER,  -- command mode: the command's run time
	exit_status        INTEGER,  -- command mode: exit code, 128+signal
	end_reason         TEXT,     -- count, duration, signal, command, error
	missed_ticks       INTEGER
);

CREATE TABLE tag (
	run_id  INTEGER NOT NULL REFERENCES run(id),
	key     TEXT NOT NULL,
	value   TEXT NOT NULL,
	PRIMARY KEY (run_id, key)
) WITHOUT ROWID;

-- Zone watermarks at the start of the run, in pages (/proc/zoneinfo).
CREATE TABLE watermark (
	run_id      INTEGER NOT NULL REFERENCES run(id),
	node        INTEGER NOT NULL,
	zone        TEXT NOT NULL,
	min_pages   INTEGER,
	low_pages   INTEGER,
	high_pages  INTEGER,
	PRIMARY KEY (run_id, node, zone)
) WITHOUT ROWID;

-- Which raw names are event counters (only go up) and which are gauges.
-- The first matching row by rank decides; filled below, used when a name
-- is first seen.
CREATE TABLE counter_kind (
	source   TEXT NOT NULL,
	pattern  TEXT NOT NULL,    -- GLOB pattern over the raw name
	kind     TEXT NOT NULL CHECK (kind IN ('counter', 'gauge')),
	rank     INTEGER NOT NULL
);

-- Dictionary of raw names, shared by all runs of the database.
CREATE TABLE counter_name (
	id      INTEGER PRIMARY KEY,
	source  TEXT NOT NULL,     -- vmstat, meminfo, zoneinfo, memcg, psi, trace
	name    TEXT NOT NULL,
	kind    TEXT NOT NULL,
	UNIQUE (source, name)
);

-- The set of counters present from one sample on: a JSON array of
-- counter_name ids.  A new layout is stored when names appear or vanish.
CREATE TABLE layout (
	id        INTEGER PRIMARY KEY,
	run_id    INTEGER NOT NULL REFERENCES run(id),
	name_ids  TEXT NOT NULL
);

-- One instant.  id = run_id * 2^32 + seq, so that a run's samples are one
-- contiguous key range and every insert appends at the right edge of a
-- rowid b-tree, which SQLite fills to the brim (a WITHOUT ROWID table
-- keyed on (run_id, seq) splits its pages and leaves them about 78% full:
-- 20% more bytes per sample).  The view sample_seq spells out run_id, seq.
-- t_us: microseconds since the run's first sample on the monotonic clock;
-- the real time is run.started_wall_us + t_us + wall_skew_us (the wall
-- clock's drift or steps against the monotonic clock).  deltas is a flat
-- JSON array [id, delta, id, delta, ...] of the counters that changed
-- since the previous sample; absolutes [id, value, ...] holds the counters
-- with no previous value (first sample, a new name, a change that does not
-- fit in 64 bits).  Values are 64-bit two's complement: an unsigned kernel
-- value above 2^63 reads as negative; see the u64 column of counter_values.
CREATE TABLE sample (
	id            INTEGER PRIMARY KEY,
	t_us          INTEGER NOT NULL,
	wall_skew_us  INTEGER NOT NULL,
	missed        INTEGER NOT NULL,  -- ticks skipped before this sample
	layout_id     INTEGER NOT NULL REFERENCES layout(id),
	deltas        TEXT,
	absolutes     TEXT
);

CREATE TABLE marker (
	run_id   INTEGER NOT NULL REFERENCES run(id),
	t_us     INTEGER NOT NULL,
	wall_us  INTEGER NOT NULL,
	text     TEXT NOT NULL
);
CREATE INDEX marker_run ON marker(run_id, t_us);

-- Numbers a benchmark reports (e.g. write MB/s).
CREATE TABLE result (
	run_id  INTEGER NOT NULL REFERENCES run(id),
	t_us    INTEGER,
	name    TEXT NOT NULL,
	value   REAL NOT NULL,
	unit    TEXT
);
CREATE INDEX result_run ON result(run_id, name);

INSERT INTO counter_kind (source, pattern, kind, rank) VALUES
	-- /proc/vmstat: nr_* are gauges, except the event counts below
	('vmstat', 'nr_dirtied', 'counter', 1),
	('vmstat', 'nr_written', 'counter', 1),
	('vmstat', 'nr_vmscan_write', 'counter', 1),
	('vmstat', 'nr_vmscan_immediate_reclaim', 'counter', 1),
	('vmstat', 'nr_throttled_written', 'counter', 1),
	('vmstat', 'nr_foll_pin_*', 'counter', 1),
	('vmstat', 'nr_tlb_*', 'counter', 1),
	('vmstat', 'nr_*', 'gauge', 2),
	('vmstat', 'workingset_nodes', 'gauge', 2),
	('vmstat', '*', 'counter', 9),
	('meminfo', '*', 'gauge', 9),
	('zoneinfo', '*.nr_dirtied', 'counter', 1),
	('zoneinfo', '*.nr_written', 'counter', 1),
	('zoneinfo', '*.nr_vmscan_write', 'counter', 1),
	('zoneinfo', '*.nr_vmscan_immediate_reclaim', 'counter', 1),
	('zoneinfo', '*.nr_throttled_written', 'counter', 1),
	('zoneinfo', '*.nr_foll_pin_*', 'counter', 1),
	('zoneinfo', '*.workingset_nodes', 'gauge', 1),
	('zoneinfo', '*.workingset_*', 'counter', 2),
	('zoneinfo', '*.numa_*', 'counter', 2),
	('zoneinfo', '*.pg*', 'counter', 2),
	('zoneinfo', '*', 'gauge', 9),
	('memcg', 'workingset_nodes', 'gauge', 1),
	('memcg', 'pg*', 'counter', 2),
	('memcg', 'total_pg*', 'counter', 2),
	('memcg', 'workingset_*', 'counter', 2),
	('memcg', 'total_workingset_*', 'counter', 2),
	('memcg', 'thp_*', 'counter', 2),
	('memcg', 'zswp*', 'counter', 2),
	('memcg', '*failcnt', 'counter', 2),
	-- v2: memory.stat's other counts, memory.events' limit events
	-- (schema version 4)
	('memcg', 'numa_*', 'counter', 2),
	('memcg', 'swp*_zero', 'counter', 2),
	('memcg', 'low', 'counter', 1),
	('memcg', 'high', 'counter', 1),
	('memcg', 'max', 'counter', 1),
	('memcg', 'oom', 'counter', 1),
	('memcg', 'oom_kill', 'counter', 1),
	('memcg', 'oom_group_kill', 'counter', 1),
	('memcg', 'sock_throttled', 'counter', 1),
	('memcg', '*', 'gauge', 9),
	('psi', '*_total_us', 'counter', 1),
	('psi', '*', 'gauge', 9),
	-- --trace-priority: passes per priority level, lost events
	('trace', '*', 'counter', 9);

-- ---------------------------------------------------------------------
-- Views: read these; they hide the encoding above.
-- ---------------------------------------------------------------------

-- The sample table with its key spelled out.
CREATE VIEW sample_seq AS
SELECT id >> 32 AS run_id, id & 4294967295 AS seq, t_us, wall_skew_us,
       missed, layout_id, deltas, absolutes
FROM sample;

-- One row per run with its facts and sample count.
CREATE VIEW run_facts AS
SELECT r.id AS run_id, r.label, r.kernel_release, r.kernel_version,
       r.boot_id, r.host,
       strftime('%Y-%m-%dT%H:%M:%fZ', r.started_wall_us / 1e6, 'unixepoch')
           AS started_at,
       r.interval_ns / 1e9 AS interval_s,
       (SELECT count(*) FROM sample s
        WHERE s.id BETWEEN r.id << 32 AND (r.id << 32) + 4294967295)
           AS samples,
       r.exit_status,
       r.elapsed_ns / 1e9 AS elapsed_s,
       r.end_reason, r.missed_ticks, r.machine, r.page_size, r.cpus,
       r.mem_total_kb, r.swap_total_kb, r.swappiness, r.cgroup,
       r.cgroup_swappiness, r.lru_gen, r.sources, r.cmdline, r.command,
       r.collector_version,
       CASE WHEN r.ended_wall_us IS NULL THEN NULL ELSE
           strftime('%Y-%m-%dT%H:%M:%fZ', r.ended_wall_us / 1e6, 'unixepoch')
       END AS ended_at
FROM run r;

CREATE VIEW run_tags AS
SELECT run_id, key, value FROM tag;

-- t: seconds since the run's first sample.
CREATE VIEW markers AS
SELECT m.run_id, m.t_us / 1e6 AS t, m.text,
       strftime('%Y-%m-%dT%H:%M:%fZ', m.wall_us / 1e6, 'unixepoch') AS at
FROM marker m;

CREATE VIEW results AS
SELECT run_id, t_us / 1e6 AS t, name, value, unit FROM result;

-- One row per sample: its time since the run's start, its real time, and
-- the ticks that were missed before it.
CREATE VIEW samples AS
SELECT s.run_id, s.seq, s.t_us / 1e6 AS t,
       strftime('%Y-%m-%dT%H:%M:%fZ',
                (r.started_wall_us + s.t_us + s.wall_skew_us) / 1e6,
                'unixepoch') AS at,
       s.missed
FROM sample_seq s JOIN run r ON r.id = s.run_id;

-- One row per sample and counter present at that sample.
--   value: the absolute value (64-bit two's complement; see u64)
--   delta: change since the previous sample; NULL on the run's first
--          sample, when the counter (re)appears, and after a reset (an
--          event counter that went backwards, flagged in reset)
--   u64:   the value exactly as the kernel printed it, as text
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
previous AS (
	-- the value at the sample before, where the counter was there: an
	-- absolute entry after one (a change too large for a signed 64-bit
	-- delta) has no delta to tell a step backwards by
	SELECT *,
	       CASE WHEN lag(seq) OVER w = seq - 1 THEN lag(value) OVER w END
	           AS prev_value
	FROM valued
	WINDOW w AS (PARTITION BY run_id, name_id ORDER BY seq)
),
flagged AS (
	-- an event counter that went backwards, compared as unsigned 64-bit
	-- numbers (after a delta the previous value is value - x, exact by
	-- construction; after an absolute, prev_value)
	SELECT v.*, n.source, n.name, n.kind,
	       (n.kind = 'counter' AND CASE
	        WHEN NOT v.is_abs THEN v.x <> 0 AND
	             CASE WHEN (v.value < 0) = (v.value - v.x < 0)
	                  THEN v.value < v.value - v.x
	                  ELSE v.value >= 0 END
	        WHEN v.prev_value IS NULL THEN 0
	        WHEN (v.value < 0) = (v.prev_value < 0)
	             THEN v.value < v.prev_value
	        ELSE v.value >= 0 END) AS went_back
	FROM previous v JOIN counter_name n ON n.id = v.name_id
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
